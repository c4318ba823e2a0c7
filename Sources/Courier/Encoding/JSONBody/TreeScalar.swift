import Foundation

/// A value that reaches a generic `encode` and that Courier's encoder writes as one scalar, without
/// an encoder of its own: what Foundation's `JSONEncoder` writes as one with its default strategies.
///
/// - Primitives: `Array` and `Dictionary` pass their elements to the generic `encode`, and so do
///   wrappers; the text is the same as through the primitive's own overload.
/// - A `Date` as its seconds since 2001 (what `Date.encode(to:)` writes), `Data` in Base64, a `URL`
///   as its absolute string, a `Decimal` as its description, unquoted: the types Foundation
///   special-cases.
enum TreeScalar {
    case string(String)
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case date(Date)
    case data(Data)
    case url(URL)
    case decimal(Decimal)

    /// `value` as a scalar when its type is one of these.
    init?<Value>(_ value: Value) {
        if let scalar = Self.primitive(value) {
            self = scalar
        } else if let date = Self.exactly(value, Date.self) {
            self = .date(date)
        } else if let data = Self.exactly(value, Data.self) {
            self = .data(data)
        } else if let url = Self.exactly(value, URL.self) {
            self = .url(url)
        } else if let decimal = Self.exactly(value, Decimal.self) {
            self = .decimal(decimal)
        } else {
            return nil
        }
    }

    /// Whether `value` is one of these types: a primitive, or a type Foundation writes by one of its
    /// strategies (`Date`, `Data`, `URL`, `Decimal`).
    static func isLeaf<Value>(_ value: Value) -> Bool {
        Value.self == Date.self || Value.self == Data.self || Value.self == URL.self || Value.self == Decimal.self
            || primitive(value) != nil
    }

    private static func primitive<Value>(_ value: Value) -> TreeScalar? {
        if let string = exactly(value, String.self) { return .string(string) }
        if let int = exactly(value, Int.self) { return .signed(Int64(int)) }
        if let double = exactly(value, Double.self) { return .double(double) }
        if let bool = exactly(value, Bool.self) { return .bool(bool) }
        if let float = exactly(value, Float.self) { return .float(float) }
        if let int = exactly(value, Int64.self) { return .signed(int) }
        if let int = exactly(value, Int32.self) { return .signed(Int64(int)) }
        if let int = exactly(value, Int16.self) { return .signed(Int64(int)) }
        if let int = exactly(value, Int8.self) { return .signed(Int64(int)) }
        if let int = exactly(value, UInt.self) { return .unsigned(UInt64(int)) }
        if let int = exactly(value, UInt64.self) { return .unsigned(int) }
        if let int = exactly(value, UInt32.self) { return .unsigned(UInt64(int)) }
        if let int = exactly(value, UInt16.self) { return .unsigned(UInt64(int)) }
        if let int = exactly(value, UInt8.self) { return .unsigned(UInt64(int)) }
        return nil
    }

    /// `value` as a `Target` when that is its type exactly (not an `Optional` of it, which
    /// encodes through its own `encode(to:)`).
    @inline(__always)
    private static func exactly<Value, Target>(_ value: Value, _ target: Target.Type) -> Target? {
        // The types are the same, so the bits are: no dynamic cast needed.
        Value.self == Target.self ? unsafeBitCast(value, to: Target.self) : nil
    }

    /// Appends the text; a non-finite number throws as Foundation does, at `codingPath`.
    func write(to buffer: inout JSONBytes, codingPath: () -> [any CodingKey]) throws {
        switch self {
        case .string(let string): JSONText.appendString(string, to: &buffer)
        case .bool(let bool): JSONText.appendBool(bool, to: &buffer)
        case .signed(let int): JSONText.appendInteger(int, to: &buffer)
        case .unsigned(let int): JSONText.appendInteger(int, to: &buffer)
        case .double(let double):
            JSONText.appendFloatingPoint(try TreeEncodingState.finite(double, codingPath: codingPath), to: &buffer)
        case .float(let float):
            JSONText.appendFloatingPoint(try TreeEncodingState.finite(float, codingPath: codingPath), to: &buffer)
        case .date(let date):
            let seconds = try TreeEncodingState.finite(date.timeIntervalSinceReferenceDate, codingPath: codingPath)
            JSONText.appendFloatingPoint(seconds, to: &buffer)
        case .data(let data): JSONText.appendString(data.base64EncodedString(), to: &buffer)
        case .url(let url): JSONText.appendString(url.absoluteString, to: &buffer)
        case .decimal(let decimal):
            var text = decimal.description
            text.withUTF8 { buffer.append($0) }
        }
    }
}
