// The containers of `ProbeEncoder`: they write nothing and only pass nested values one level
// down. Every primitive has its own overload: the protocols' defaults would send a primitive back
// through the generic `encode`, whose `encode(to:)` asks for a single-value container again.

struct ProbeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ProbeEncoder
    /// The keys of the nested containers that lead here from `encoder`'s value, for error paths.
    var prefix: [String] = []
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws {}
    mutating func encode(_ value: String, forKey key: Key) throws {}
    mutating func encode(_ value: Double, forKey key: Key) throws {}
    mutating func encode(_ value: Float, forKey key: Key) throws {}
    mutating func encode(_ value: Int, forKey key: Key) throws {}
    mutating func encode(_ value: Int8, forKey key: Key) throws {}
    mutating func encode(_ value: Int16, forKey key: Key) throws {}
    mutating func encode(_ value: Int32, forKey key: Key) throws {}
    mutating func encode(_ value: Int64, forKey key: Key) throws {}
    mutating func encode(_ value: UInt, forKey key: Key) throws {}
    mutating func encode(_ value: UInt8, forKey key: Key) throws {}
    mutating func encode(_ value: UInt16, forKey key: Key) throws {}
    mutating func encode(_ value: UInt32, forKey key: Key) throws {}
    mutating func encode(_ value: UInt64, forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.encodeNested(value, key: key.stringValue, prefix: prefix)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            ProbeKeyedContainer<NestedKey>(
                encoder: encoder.deeper(key: key.stringValue) ?? encoder, prefix: prefix + [key.stringValue]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ProbeUnkeyedContainer(
            encoder: encoder.deeper(key: key.stringValue) ?? encoder, prefix: prefix + [key.stringValue])
    }

    mutating func superEncoder() -> any Encoder {
        encoder.deeper(key: "super") ?? encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.deeper(key: key.stringValue) ?? encoder
    }
}

struct ProbeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ProbeEncoder
    let prefix: [String]
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(encoder: ProbeEncoder, prefix: [String] = []) {
        self.encoder = encoder
        self.prefix = prefix
    }

    mutating func encodeNil() throws { count += 1 }
    mutating func encode(_ value: Bool) throws { count += 1 }
    mutating func encode(_ value: String) throws { count += 1 }
    mutating func encode(_ value: Double) throws { count += 1 }
    mutating func encode(_ value: Float) throws { count += 1 }
    mutating func encode(_ value: Int) throws { count += 1 }
    mutating func encode(_ value: Int8) throws { count += 1 }
    mutating func encode(_ value: Int16) throws { count += 1 }
    mutating func encode(_ value: Int32) throws { count += 1 }
    mutating func encode(_ value: Int64) throws { count += 1 }
    mutating func encode(_ value: UInt) throws { count += 1 }
    mutating func encode(_ value: UInt8) throws { count += 1 }
    mutating func encode(_ value: UInt16) throws { count += 1 }
    mutating func encode(_ value: UInt32) throws { count += 1 }
    mutating func encode(_ value: UInt64) throws { count += 1 }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        try encoder.encodeNested(value, key: String(count - 1), prefix: prefix)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        count += 1
        return KeyedEncodingContainer(
            ProbeKeyedContainer<NestedKey>(
                encoder: encoder.deeper(key: String(count - 1)) ?? encoder, prefix: prefix + [String(count - 1)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return ProbeUnkeyedContainer(
            encoder: encoder.deeper(key: String(count - 1)) ?? encoder, prefix: prefix + [String(count - 1)])
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return encoder.deeper(key: String(count - 1)) ?? encoder
    }
}

struct ProbeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: ProbeEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encodeNested(value, key: "", prefix: [])
    }
}
