/// A keyed container of Courier's JSON encoder: adds members to one object of the tree.
struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: TreeEncodingState
    let object: Int32
    /// The depth of the encoder this container belongs to, plus one per nested container.
    let depth: Int32
    /// The coding path of this container's encoder, which Foundation's errors name.
    let encoderPath: Int32
    /// This container's own path: `encoderPath` and the keys of the nested containers below it.
    let path: Int32

    var codingPath: [any CodingKey] { state.paths.codingPath(at: path) }

    private func add(_ key: Key, _ write: (inout JSONBytes) throws -> Void) rethrows {
        try state.tree.addScalar(to: object, key: key.stringValue, write)
    }

    private func finite<Number: BinaryFloatingPoint>(_ value: Number, _ key: Key) throws -> Number {
        try TreeEncodingState.finite(value) { state.paths.codingPath(at: encoderPath) + [key] }
    }

    mutating func encodeNil(forKey key: Key) throws { add(key) { JSONText.appendNull(to: &$0) } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key) { JSONText.appendBool(value, to: &$0) } }
    mutating func encode(_ value: String, forKey key: Key) throws {
        add(key) { JSONText.appendString(value, to: &$0) }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        let value = try finite(value, key)
        add(key) { JSONText.appendFloatingPoint(value, to: &$0) }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        let value = try finite(value, key)
        add(key) { JSONText.appendFloatingPoint(value, to: &$0) }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key) { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key) { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key) { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key) { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key) { JSONText.appendInteger(value, to: &$0) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        add(key) { JSONText.appendInteger(value, to: &$0) }
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key) { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key) { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        add(key) { JSONText.appendInteger(value, to: &$0) }
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        add(key) { JSONText.appendInteger(value, to: &$0) }
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        add(key) { JSONText.appendInteger(value, to: &$0) }
    }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        add(key) { JSONText.appendInteger(value, to: &$0) }
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try state.checkDepth(depth, path: path, key: key)
        if let scalar = TreeScalar(value) {
            try add(key) { try scalar.write(to: &$0) { state.paths.codingPath(at: encoderPath) + [key] } }
            return
        }
        let node = state.tree.addNodeMember(to: object, key: key.stringValue)
        // Foundation's encoder for a nested value has the path of this container's encoder and the key.
        let valuePath = state.paths.append(key, below: path, isContainerKey: false)
        try state.encodeValue(value, into: node, depth: depth + 1, path: valuePath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return KeyedEncodingContainer(detached(TreeKeyedContainer<NestedKey>.self))
        }
        let nested = state.nested(.object, in: object, key: key.stringValue, path: path)
        return KeyedEncodingContainer(
            TreeKeyedContainer<NestedKey>(
                state: state, object: nested, depth: depth + 1, encoderPath: encoderPath,
                path: state.paths.append(key, below: path, isContainerKey: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return TreeUnkeyedContainer(
                state: state, array: state.tree.addNode(.array), depth: depth, encoderPath: encoderPath, path: path)
        }
        return TreeUnkeyedContainer(
            state: state, array: state.nested(.array, in: object, key: key.stringValue, path: path),
            depth: depth + 1, encoderPath: encoderPath, path: state.paths.append(key, below: path, isContainerKey: true)
        )
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(key: JSONPathKey.superKey)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key)
    }

    /// An encoder for the member under `key`, `{}` unless it encodes something. Foundation writes
    /// the member when its encoder is freed; this one is added at once.
    private func superEncoder(key: some CodingKey) -> any Encoder {
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return TreeEncoder(state: state, slot: state.tree.addNode(.empty), depth: depth, path: path)
        }
        let slot = state.tree.addNodeMember(to: object, key: key.stringValue)
        return TreeEncoder(
            state: state, slot: slot, depth: depth + 1,
            path: state.paths.append(key, below: path, isContainerKey: false))
    }

    /// A container past the depth limit: it writes to a node attached to nothing (the encoding
    /// fails when the top-level value returns) and goes no deeper.
    private func detached<Container>(_ type: TreeKeyedContainer<Container>.Type) -> TreeKeyedContainer<Container> {
        TreeKeyedContainer<Container>(
            state: state, object: state.tree.addNode(.object), depth: depth, encoderPath: encoderPath, path: path)
    }
}
