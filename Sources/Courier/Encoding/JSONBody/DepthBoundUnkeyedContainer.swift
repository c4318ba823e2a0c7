/// Foundation's unkeyed container, counting nesting: nested values and containers go one level
/// deeper, and fail past ``HTTPTask/maximumNestingDepth``.
struct DepthBoundUnkeyedContainer: UnkeyedEncodingContainer {
    var base: any UnkeyedEncodingContainer
    let state: DepthBoundState
    let depth: Int32
    let path: Int32

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    /// The key of the next element, for the error's key path.
    private var nextKey: JSONPathKey { .index(base.count) }

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
        try base.encode(try state.nested(value, depth: depth, path: path, key: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let key = nextKey
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return DepthBoundState.discarding().container(keyedBy: keyType)
        }
        return KeyedEncodingContainer(
            DepthBoundKeyedContainer<NestedKey>(
                base: base.nestedContainer(keyedBy: keyType), state: state, depth: depth + 1,
                path: state.paths.append(key, below: path, isContainerKey: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return DepthBoundState.discarding().unkeyedContainer()
        }
        return DepthBoundUnkeyedContainer(
            base: base.nestedUnkeyedContainer(), state: state, depth: depth + 1,
            path: state.paths.append(key, below: path, isContainerKey: true))
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return DepthBoundState.discarding()
        }
        return DepthBoundEncoder(
            base: base.superEncoder(), state: state, depth: depth + 1,
            path: state.paths.append(key, below: path, isContainerKey: false))
    }
}
