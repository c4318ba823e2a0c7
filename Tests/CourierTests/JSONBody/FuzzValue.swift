import Foundation

/// A value for the JSON encoder's property tests: what it encodes, and through which part of the
/// `Encoder` API — primitive overloads, generic `encode`, nested containers, super encoders,
/// wrappers, `Optional`, dictionaries, Foundation's special types — so that one generated value
/// walks most paths of an encoder. Values are generated so that Foundation's `JSONEncoder` never
/// stops the process on them (a nested container is only asked for where the key is free or holds
/// a container of the same kind).
indirect enum FuzzValue: Encodable {
    case scalar(FuzzScalar)
    case object([FuzzMember])
    case array([FuzzElement])
    case dictionary([String: FuzzValue])
    /// A dictionary handed to a single-value container, where Foundation sees its type.
    case wrappedDictionary([String: FuzzValue])
    case intDictionary([Int: FuzzValue])
    case list([FuzzValue])
    case wrapped(FuzzValue)
    case optional(FuzzValue?)
    case date(Date)
    case data(Data)
    case url(URL)
    case decimal(Decimal)
    /// Encodes nothing: `{}` when nested.
    case nothing

    /// What the value is in JSON, which decides the nested containers its key may take afterwards;
    /// `opaque` where the encoder's strategies decide (a `Date` or `Data` may be an array).
    enum Kind { case scalar, object, array, opaque }

    var kind: Kind {
        switch self {
        case .scalar, .url, .decimal, .optional(.none): .scalar
        case .date, .data: .opaque
        case .object, .dictionary, .wrappedDictionary, .intDictionary, .nothing: .object
        case .array, .list: .array
        case .wrapped(let inner), .optional(.some(let inner)): inner.kind
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .scalar(let scalar):
            var container = encoder.singleValueContainer()
            try scalar.encode(into: &container)
        case .object(let members):
            var container = encoder.container(keyedBy: FuzzKey.self)
            for member in members { try member.encode(into: &container) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try element.encode(into: &container) }
        case .dictionary(let dictionary): try dictionary.encode(to: encoder)
        case .wrappedDictionary(let dictionary): try FuzzValue.single(dictionary, encoder)
        case .intDictionary(let dictionary): try dictionary.encode(to: encoder)
        case .list(let values): try values.encode(to: encoder)
        case .wrapped(let inner):
            var container = encoder.singleValueContainer()
            try container.encode(inner)
        case .optional(let inner): try inner.encode(to: encoder)
        case .date(let date): try FuzzValue.single(date, encoder)
        case .data(let data): try FuzzValue.single(data, encoder)
        case .url(let url): try FuzzValue.single(url, encoder)
        case .decimal(let decimal): try FuzzValue.single(decimal, encoder)
        case .nothing: break
        }
    }

    private static func single(_ value: some Encodable, _ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Any string as a key.
struct FuzzKey: CodingKey {
    let stringValue: String
    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// One call on a keyed container.
enum FuzzMember {
    case scalar(String, FuzzScalar)
    case value(String, FuzzValue)
    case nestedObject(String, [FuzzMember])
    case nestedArray(String, [FuzzElement])
    case superEncoder(String?, FuzzValue)
    case ifPresent(String, Int?)

    func encode(into container: inout KeyedEncodingContainer<FuzzKey>) throws {
        switch self {
        case .scalar(let key, let scalar): try scalar.encode(into: &container, forKey: FuzzKey(key))
        case .value(let key, let value): try container.encode(value, forKey: FuzzKey(key))
        case .nestedObject(let key, let members):
            var nested = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey(key))
            for member in members { try member.encode(into: &nested) }
        case .nestedArray(let key, let elements):
            var nested = container.nestedUnkeyedContainer(forKey: FuzzKey(key))
            for element in elements { try element.encode(into: &nested) }
        case .superEncoder(let key, let value):
            try value.encode(to: key.map { container.superEncoder(forKey: FuzzKey($0)) } ?? container.superEncoder())
        case .ifPresent(let key, let value): try container.encodeIfPresent(value, forKey: FuzzKey(key))
        }
    }
}

/// One call on an unkeyed container.
enum FuzzElement {
    case scalar(FuzzScalar)
    case value(FuzzValue)
    case nestedObject([FuzzMember])
    case nestedArray([FuzzElement])
    case superEncoder(FuzzValue)

    func encode(into container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .scalar(let scalar): try scalar.encode(into: &container)
        case .value(let value): try container.encode(value)
        case .nestedObject(let members):
            var nested = container.nestedContainer(keyedBy: FuzzKey.self)
            for member in members { try member.encode(into: &nested) }
        case .nestedArray(let elements):
            var nested = container.nestedUnkeyedContainer()
            for element in elements { try element.encode(into: &nested) }
        case .superEncoder(let value): try value.encode(to: container.superEncoder())
        }
    }
}
