/// Foundation's encoder for one value, wrapped so that its containers count nesting (see
/// ``DepthBoundState``). Paths and user info are Foundation's.
struct DepthBoundEncoder: Encoder {
    let base: any Encoder
    let state: DepthBoundState
    /// 1 for the top-level value; see ``HTTPTask/maximumNestingDepth``.
    let depth: Int32
    /// Every key from the top level, for the error's key path.
    let path: Int32

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(
            DepthBoundKeyedContainer(base: base.container(keyedBy: type), state: state, depth: depth, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        DepthBoundUnkeyedContainer(base: base.unkeyedContainer(), state: state, depth: depth, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        DepthBoundSingleValueContainer(base: base.singleValueContainer(), state: state, depth: depth, path: path)
    }
}

/// Foundation's single-value container, passing a nested value on one level deeper.
struct DepthBoundSingleValueContainer: SingleValueEncodingContainer {
    var base: any SingleValueEncodingContainer
    let state: DepthBoundState
    let depth: Int32
    let path: Int32

    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encode(_ value: Bool) throws { try base.encode(value) }
    mutating func encode(_ value: String) throws { try base.encode(value) }
    mutating func encode(_ value: Double) throws { try base.encode(value) }
    mutating func encode(_ value: Float) throws { try base.encode(value) }
    mutating func encode(_ value: Int) throws { try base.encode(value) }
    mutating func encode(_ value: Int8) throws { try base.encode(value) }
    mutating func encode(_ value: Int16) throws { try base.encode(value) }
    mutating func encode(_ value: Int32) throws { try base.encode(value) }
    mutating func encode(_ value: Int64) throws { try base.encode(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try base.encode(value) }
    mutating func encode(_ value: UInt) throws { try base.encode(value) }
    mutating func encode(_ value: UInt8) throws { try base.encode(value) }
    mutating func encode(_ value: UInt16) throws { try base.encode(value) }
    mutating func encode(_ value: UInt32) throws { try base.encode(value) }
    mutating func encode(_ value: UInt64) throws { try base.encode(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try base.encode(value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try base.encode(try state.nested(value, depth: depth, path: path, key: nil))
    }
}
