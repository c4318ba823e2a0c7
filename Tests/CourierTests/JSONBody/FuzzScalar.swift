/// A primitive, encoded through the container overload of its own type.
enum FuzzScalar {
    case null
    case bool(Bool)
    case string(String)
    case double(Double)
    case float(Float)
    case int(Int)
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case uint(UInt)
    case uint8(UInt8)
    case uint16(UInt16)
    case uint32(UInt32)
    case uint64(UInt64)

    func encode(into container: inout some SingleValueEncodingContainer) throws {
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        }
    }

    func encode(into container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        }
    }

    func encode<Key: CodingKey>(into container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .null: try container.encodeNil(forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .string(let value): try container.encode(value, forKey: key)
        case .double(let value): try container.encode(value, forKey: key)
        case .float(let value): try container.encode(value, forKey: key)
        case .int(let value): try container.encode(value, forKey: key)
        case .int8(let value): try container.encode(value, forKey: key)
        case .int16(let value): try container.encode(value, forKey: key)
        case .int32(let value): try container.encode(value, forKey: key)
        case .int64(let value): try container.encode(value, forKey: key)
        case .uint(let value): try container.encode(value, forKey: key)
        case .uint8(let value): try container.encode(value, forKey: key)
        case .uint16(let value): try container.encode(value, forKey: key)
        case .uint32(let value): try container.encode(value, forKey: key)
        case .uint64(let value): try container.encode(value, forKey: key)
        }
    }
}
