import Foundation

/// A parameter value sorted into the shapes URL encoding knows, decided once per value.
///
/// Bool detection is the subtle part: on Linux `NSNumber(value: 1) is Bool` is `true`, so a Bool is
/// recognised by its dynamic type (Swift `Bool`, or Foundation's boolean `NSNumber` class) and
/// never by a cast.
///
/// Foundation classes (`NSNumber`, `NSNull`) are recognised by testing the dynamic type before any
/// cast: `as? NSNumber` or `is NSNull` on a Swift value bridges it to an Objective-C object to find
/// out, which copies a whole nested dictionary or array each time.
enum ParameterValue {
    case text(String)
    case bool(Bool)
    case array([Any])
    case dictionary([String: Any])
    /// `nil`, `NSNull`: the key is left out.
    case absent
    case unsupported(typeName: String)

    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    init(_ value: Any) {
        if let common = Self.commonValue(value) {
            self = common
            return
        }
        if let optional = value as? any OptionalParameter {
            guard let wrapped = optional.wrappedParameter else {
                self = .absent
                return
            }
            self.init(wrapped)
            return
        }
        let dynamicType = type(of: value)
        if dynamicType == Bool.self, let bool = value as? Bool {
            self = .bool(bool)
        } else if let string = value as? String {
            self = .text(string)
        } else if dynamicType is NSNumber.Type, let number = value as? NSNumber {
            self =
                ObjectIdentifier(dynamicType) == Self.booleanNumberClass
                ? .bool(number.boolValue) : .text(number.stringValue)
        } else if let integer = value as? any BinaryInteger {
            self = .text(String(describing: integer))
        } else if let float = value as? any BinaryFloatingPoint {
            self = .text(String(describing: float))
        } else if let decimal = value as? Decimal {
            self = .text(decimal.description)
        } else if let substring = value as? Substring {
            self = .text(String(substring))
        } else if let character = value as? Character {
            self = .text(String(character))
        } else if let url = value as? URL {
            self = .text(url.absoluteString)
        } else if let uuid = value as? UUID {
            self = .text(uuid.uuidString)
        } else if dynamicType is NSNull.Type {
            self = .absent
        } else if let dictionary = value as? [String: Any] {
            self = .dictionary(dictionary)
        } else if let array = value as? [Any] {
            self = .array(array)
        } else {
            self = .unsupported(typeName: String(describing: dynamicType))
        }
    }
}

extension ParameterValue {
    /// The value when its exact type is one of the commonest (`String`, `Int`, `Double`, `Bool`,
    /// `[String: any Sendable]`), decided by comparing types, which costs far less than the
    /// protocol-conformance casts of the general path. `nil` for anything else, `Optional`s included.
    fileprivate static func commonValue(_ value: Any) -> ParameterValue? {
        let valueType = type(of: value)
        if valueType == String.self, let string = value as? String { return .text(string) }
        if valueType == Int.self, let integer = value as? Int { return .text(String(integer)) }
        if valueType == Double.self, let double = value as? Double { return .text(String(describing: double)) }
        if valueType == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if valueType == [String: any Sendable].self, let dictionary = value as? [String: any Sendable] {
            return .dictionary(dictionary)
        }
        return nil
    }
}

/// Lets `ParameterValue` see through `Optional` without knowing the wrapped type.
private protocol OptionalParameter {
    var wrappedParameter: Any? { get }
}

extension Optional: OptionalParameter {
    fileprivate var wrappedParameter: Any? { self.map { $0 as Any } }
}
