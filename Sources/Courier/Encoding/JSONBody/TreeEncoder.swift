/// The `Encoder` of Courier's JSON encoder, for one value: where its value goes (`slot`, a node of
/// the tree), how deep it is and its coding path. Small enough to be passed without an allocation;
/// everything else is in the shared ``TreeEncodingState``.
///
/// It is its own single-value container, as Foundation's is.
struct TreeEncoder: Encoder, SingleValueEncodingContainer {
    let state: TreeEncodingState
    let slot: Int32
    /// 1 for the top-level value; see ``HTTPTask/maximumNestingDepth``.
    let depth: Int32
    let path: Int32

    var codingPath: [any CodingKey] { state.paths.codingPath(at: path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object = state.open(slot, as: .object, path: path)
        return KeyedEncodingContainer(
            TreeKeyedContainer<Key>(state: state, object: object, depth: depth, encoderPath: path, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array = state.open(slot, as: .array, path: path)
        return TreeUnkeyedContainer(state: state, array: array, depth: depth, encoderPath: path, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: - SingleValueEncodingContainer

    /// Writes a scalar as this encoder's value; a second one throws, where Foundation stops the process.
    private func set(_ write: (inout JSONBytes) throws -> Void) throws {
        if try !state.tree.setScalar(in: slot, write) {
            let error = state.misuse("Encoded a second value through a single-value container.", path: path)
            state.record(error)
            throw error
        }
    }

    private func finite<Number: BinaryFloatingPoint>(_ value: Number) throws -> Number {
        try TreeEncodingState.finite(value) { state.paths.codingPath(at: path) }
    }

    mutating func encodeNil() throws { try set { JSONText.appendNull(to: &$0) } }
    mutating func encode(_ value: Bool) throws { try set { JSONText.appendBool(value, to: &$0) } }
    mutating func encode(_ value: String) throws { try set { JSONText.appendString(value, to: &$0) } }
    mutating func encode(_ value: Double) throws {
        let value = try finite(value)
        try set { JSONText.appendFloatingPoint(value, to: &$0) }
    }
    mutating func encode(_ value: Float) throws {
        let value = try finite(value)
        try set { JSONText.appendFloatingPoint(value, to: &$0) }
    }
    mutating func encode(_ value: Int) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int8) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int16) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int32) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: Int64) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt8) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt16) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt32) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    mutating func encode(_ value: UInt64) throws { try set { JSONText.appendInteger(value, to: &$0) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try set { JSONText.appendInteger(value, to: &$0) } }

    /// A value passed through, as a wrapper type does: one level deeper, same slot and path.
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try state.checkDepth(depth, path: path, key: nil)
        if let scalar = TreeScalar(value) {
            try set { try scalar.write(to: &$0) { state.paths.codingPath(at: path) } }
            return
        }
        if state.tree.kind(of: slot) == .scalar {
            try set { _ in }  // throws: a second value
        }
        try state.encodeValue(value, into: slot, depth: depth + 1, path: path)
    }
}
