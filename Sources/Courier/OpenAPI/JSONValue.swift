/// Any JSON value: what a model holds where its API's description says no more than "some JSON"
/// (a free-form object, a value of several types), so that the value still decodes, compares and
/// encodes back as it came.
///
/// ```swift
/// struct Event: Codable { var type: String; var payload: JSONValue }
/// if case .object(let payload) = event.payload, case .string(let id)? = payload["id"] { … }
/// ```
///
/// Decoding tries, in order, `null`, a Bool, an integer that fits `Int`, any other number, a string,
/// an array and an object. Objects are unordered, as in `JSONSerialization`; Courier writes their keys
/// sorted.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// The member `key` of an object; `nil` for a missing member or a value that is no object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    /// - Throws: `DecodingError.dataCorrupted` for a value that is none of them.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = array.count { elements.reserveCapacity(count) }
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(members)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? value.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else if let string = try? value.decode(String.self) {
            self = .string(string)
        } else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "not a JSON value")
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .object(let members):
            var object = encoder.container(keyedBy: AnyKey.self)
            for key in members.keys.sorted() { try object.encode(members[key], forKey: AnyKey(stringValue: key)) }
        default:
            var value = encoder.singleValueContainer()
            switch self {
            case .null: try value.encodeNil()
            case .bool(let bool): try value.encode(bool)
            case .integer(let integer): try value.encode(integer)
            case .number(let number): try value.encode(number)
            case .string(let string): try value.encode(string)
            case .array, .object: break
            }
        }
    }

    /// Any string as a coding key.
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { stringValue = String(intValue) }
    }
}
