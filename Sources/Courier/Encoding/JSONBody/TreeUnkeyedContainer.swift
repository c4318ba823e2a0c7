/// An unkeyed container of Courier's JSON encoder: appends elements to one array of the tree.
/// Four 32-bit fields and a reference: small enough for `any UnkeyedEncodingContainer` to hold
/// without an allocation.
struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let state: TreeEncodingState
    let array: Int32
    /// The depth of the encoder this container belongs to, plus one per nested container.
    let depth: Int32
    /// The coding path of this container's encoder, which Foundation's errors name.
    let encoderPath: Int32
    /// This container's own path: `encoderPath` and the keys of the nested containers below it.
    let path: Int32

    var codingPath: [any CodingKey] { state.paths.codingPath(at: path) }
    var count: Int { Int(state.tree.node(array).count) }

    private func append(_ write: (inout JSONBytes) throws -> Void) rethrows {
        try state.tree.addScalar(to: array, key: nil, write)
    }

    /// The key of the next element.
    private var nextKey: JSONPathKey { .index(count) }

    private func finite<Number: BinaryFloatingPoint>(_ value: Number) throws -> Number {
        try TreeEncodingState.finite(value) { state.paths.codingPath(at: encoderPath) + [nextKey] }
    }

    mutating func encodeNil() throws { append { JSONText.appendNull(to: &$0) } }
    mutating func encode(_ value: Bool) throws { append { JSONText.appendBool(value, to: &$0) } }
    mutating func encode(_ value: String) throws { append { JSONText.appendString(value, to: &$0) } }
    mutating func encode(_ value: Double) throws {
        let value = try finite(value)
        append { JSONText.appendFloatingPoint(value, to: &$0) }
    }
    mutating func encode(_ value: Float) throws {
        let value = try finite(value)
        append { JSONText.appendFloatingPoint(value, to: &$0) }
    }
    mutating func encode(_ value: Int) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int8) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int16) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int32) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int64) throws { append { JSONText.appendInteger(value, to: &$0) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt8) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt16) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt32) throws { append { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt64) throws { append { JSONText.appendInteger(value, to: &$0) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { append { JSONText.appendInteger(value, to: &$0) } }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let key = nextKey
        try state.checkDepth(depth, path: path, key: key)
        if let scalar = TreeScalar(value) {
            try append { try scalar.write(to: &$0) { state.paths.codingPath(at: encoderPath) + [key] } }
            return
        }
        let node = state.tree.addNodeMember(to: array, key: nil)
        let valuePath = state.paths.append(key, below: path, isContainerKey: false)
        try state.encodeValue(value, into: node, depth: depth + 1, path: valuePath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let key = nextKey
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return KeyedEncodingContainer(
                TreeKeyedContainer<NestedKey>(
                    state: state, object: state.tree.addNode(.object), depth: depth, encoderPath: encoderPath,
                    path: path))
        }
        return KeyedEncodingContainer(
            TreeKeyedContainer<NestedKey>(
                state: state, object: state.tree.addNodeMember(to: array, key: nil, kind: .object), depth: depth + 1,
                encoderPath: encoderPath, path: state.paths.append(key, below: path, isContainerKey: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return TreeUnkeyedContainer(
                state: state, array: state.tree.addNode(.array), depth: depth, encoderPath: encoderPath, path: path)
        }
        return TreeUnkeyedContainer(
            state: state, array: state.tree.addNodeMember(to: array, key: nil, kind: .array), depth: depth + 1,
            encoderPath: encoderPath, path: state.paths.append(key, below: path, isContainerKey: true))
    }

    /// An encoder for the next element, `{}` unless it encodes something.
    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        guard state.allowsContainer(below: depth, path: path, key: key) else {
            return TreeEncoder(state: state, slot: state.tree.addNode(.empty), depth: depth, path: path)
        }
        let slot = state.tree.addNodeMember(to: array, key: nil)
        return TreeEncoder(
            state: state, slot: slot, depth: depth + 1,
            path: state.paths.append(key, below: path, isContainerKey: false))
    }
}
