/// Foundation's keyed container, counting nesting: nested values and containers go one level
/// deeper, and fail past ``HTTPTask/maximumNestingDepth``.
struct DepthBoundKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    let state: DepthBoundState
    let depth: Int32
    let path: Int32

    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try base.encode(value, forKey: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try base.encode(value, forKey: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try base.encode(value, forKey: key) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try base.encode(try state.nested(value, depth: depth, path: path, key: key), forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return DepthBoundState.discarding().container(keyedBy: keyType)
        }
        return KeyedEncodingContainer(
            DepthBoundKeyedContainer<NestedKey>(
                base: base.nestedContainer(keyedBy: keyType, forKey: key), state: state, depth: depth + 1,
                path: state.paths.append(key, below: path, isContainerKey: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return DepthBoundState.discarding().unkeyedContainer()
        }
        return DepthBoundUnkeyedContainer(
            base: base.nestedUnkeyedContainer(forKey: key), state: state, depth: depth + 1,
            path: state.paths.append(key, below: path, isContainerKey: true))
    }

    mutating func superEncoder() -> any Encoder {
        guard state.allowsContainer(below: depth, path: path, key: JSONPathKey.superKey) else {
            return DepthBoundState.discarding()
        }
        return DepthBoundEncoder(
            base: base.superEncoder(), state: state, depth: depth + 1,
            path: state.paths.append(JSONPathKey.superKey, below: path, isContainerKey: false))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return DepthBoundState.discarding()
        }
        return DepthBoundEncoder(
            base: base.superEncoder(forKey: key), state: state, depth: depth + 1,
            path: state.paths.append(key, below: path, isContainerKey: false))
    }
}
