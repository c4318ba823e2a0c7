import Foundation

/// How Courier turns an `Encodable` body into JSON: in one pass over the value, never deeper than
/// ``HTTPTask/maximumNestingDepth`` (past it, ``ParameterEncodingError/nestingTooDeep(key:limit:)``
/// naming the key path). A value deeper than that is refused before its nesting could exhaust the
/// stack, as long as it encodes through `encode(_:forKey:)` and its kin; a self-referencing
/// `encode(to:)` that only opens nested containers recurses in its own code, as with `JSONEncoder`.
///
/// - `.requestJSONEncodable` (and stubs' JSON) is written by Courier's own encoder, which gives the
///   bytes of Foundation's `JSONEncoder` with `.sortedKeys` and default strategies (see
///   ``JSONText`` and ``JSONTree``) at a fraction of its cost. Those bytes are swift-foundation's,
///   the `JSONEncoder` of Linux and of Apple platforms from iOS 18 and macOS 15; before those, Apple's
///   `JSONEncoder` sorted keys as `NSString` compares them (numbers by value, case ignored), so there
///   Foundation's encoder still writes the body, bounded as below.
/// - `.requestCustomJSONEncodable` is written by the app's own `JSONEncoder`, every strategy and
///   formatting option honoured by Foundation itself; Courier only counts the depth on the way
///   (``DepthBoundState``).
package enum JSONBodyEncoder {
    /// `value` as `.requestJSONEncodable` sends it: compact JSON, keys sorted.
    /// - Throws: ``ParameterEncodingError/nestingTooDeep(key:limit:)``, Foundation's `EncodingError`
    ///   for a NaN, an infinity or a value that encodes nothing, or what `value` throws.
    package static func sortedKeys<Value: Encodable>(_ value: Value) throws -> Data {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return try tree(value)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encode(value, with: encoder)
    }

    /// `value` written by Courier's own encoder; past `offsetLimit` bytes of text (2 GiB, less in
    /// tests), by Foundation's.
    package static func tree<Value: Encodable>(_ value: Value, offsetLimit: Int32 = .max) throws -> Data {
        let state = TreeEncodingState(topLevel: value, offsetLimit: offsetLimit)
        do {
            if let scalar = TreeScalar(value) {
                _ = try state.tree.setScalar(in: JSONTree.root) { try scalar.write(to: &$0) { [] } }
            } else {
                try value.encode(
                    to: TreeEncoder(state: state, slot: JSONTree.root, depth: 1, path: CodingPathArena.root))
            }
        } catch {
            throw state.problem ?? error
        }
        if let problem = state.problem { throw problem }
        guard state.tree.kind(of: JSONTree.root) != .empty else { throw nothingEncoded(value) }
        if state.tree.overflowed {
            // Past 2 GiB of JSON the tree's offsets do not reach; Foundation writes the same bytes.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encode(value, with: encoder)
        }
        return state.tree.serialized()
    }

    /// `value` written by `encoder`, the app's, with its depth bounded.
    /// - Throws: ``ParameterEncodingError/nestingTooDeep(key:limit:)``, or what `encoder` throws.
    package static func encode<Value: Encodable>(_ value: Value, with encoder: JSONEncoder) throws -> Data {
        let convertsKeys: Bool
        if case .useDefaultKeys = encoder.keyEncodingStrategy { convertsKeys = false } else { convertsKeys = true }
        let state = DepthBoundState(convertsKeys: convertsKeys)
        let data: Data
        do {
            data = try encoder.encode(try state.nested(value, depth: 0, path: CodingPathArena.root, key: nil))
        } catch let error as EncodingError {
            throw state.problem ?? renamingTopLevel(error, value: value)
        } catch {
            throw state.problem ?? error
        }
        if let problem = state.problem { throw problem }
        return data
    }

    /// `value` written by `encoder`, or as `.requestJSONEncodable` writes it when there is none.
    package static func encode<Value: Encodable>(_ value: Value, with encoder: JSONEncoder?) throws -> Data {
        guard let encoder else { return try sortedKeys(value) }
        return try encode(value, with: encoder)
    }

    /// Foundation's error for a top-level value that encodes nothing.
    private static func nothingEncoded<Value>(_ value: Value) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
    }

    /// Foundation's error for a top-level value that encodes nothing names the wrapper
    /// Courier handed it: name `value`'s type instead.
    private static func renamingTopLevel<Value>(_ error: EncodingError, value: Value) -> EncodingError {
        guard case .invalidValue(_, let context) = error, context.codingPath.isEmpty,
            context.debugDescription.hasPrefix("Top-level "),
            context.debugDescription.hasSuffix(" did not encode any values.")
        else { return error }
        return nothingEncoded(value)
    }
}
