import Foundation

/// Bounds the nesting of a value that an app's own `JSONEncoder` encodes, in the same pass: the
/// value's encoder and containers are wrapped (``DepthBoundEncoder``), each nested value goes to
/// Foundation wrapped too (``DepthBoundValue``), and a value or container deeper than
/// ``HTTPTask/maximumNestingDepth`` fails before Foundation recurses into it. Everything else —
/// the encoder's strategies, its output formatting, its coding paths and errors — is Foundation's.
///
/// Primitives and what Foundation writes by a strategy (`Date`, `Data`, `URL`, `Decimal`) reach it
/// as they are, leaves that nest nothing. When keys are converted, a `[String: …]` dictionary reaches
/// it as a dictionary (its values wrapped), because Foundation exempts those from key conversion by
/// looking at their type.
final class DepthBoundState: NestingCounter {
    /// Every key from the top level, for the error's key path.
    var paths = CodingPathArena()
    /// Whether the encoder converts keys (snake case, custom), so dictionaries keep their type.
    let convertsKeys: Bool
    /// A nested container past the limit, where nothing could throw: thrown when the top level returns.
    private(set) var problem: ParameterEncodingError?

    init(convertsKeys: Bool) {
        self.convertsKeys = convertsKeys
    }

    /// Keeps the first ``ParameterEncodingError/nestingTooDeep(key:limit:)``.
    func record(_ problem: any Error) {
        if self.problem == nil, let tooDeep = problem as? ParameterEncodingError { self.problem = tooDeep }
    }

    /// What to hand Foundation for `value`, nested below `key` one level under `depth`: the value
    /// itself when it is a primitive or Foundation writes it by a strategy, its dictionary with wrapped
    /// values when keys are converted, or the value wrapped.
    func nested<Value: Encodable>(_ value: Value, depth: Int32, path: Int32, key: (any CodingKey)?) throws
        -> any Encodable
    {
        try checkDepth(depth, path: path, key: key)
        if TreeScalar.isLeaf(value) { return value }
        let valuePath = key.map { paths.append($0, below: path, isContainerKey: false) } ?? path
        if convertsKeys, let dictionary = value as? any DepthBoundDictionary {
            try checkDepth(depth + 1, path: valuePath, key: nil)
            return dictionary.bounded(by: self, depth: depth + 2, path: valuePath)
        }
        return DepthBoundValue(value: value, state: self, depth: depth + 1, path: valuePath)
    }

    /// A container that keeps what is written to it out of the output, for a container past the
    /// limit: Foundation never sees the deeper levels, and the encoding fails when the top level
    /// returns.
    static func discarding() -> TreeEncoder {
        TreeEncoder(
            state: TreeEncodingState(topLevel: ()), slot: JSONTree.root, depth: Int32(HTTPTask.maximumNestingDepth),
            path: CodingPathArena.root)
    }
}

/// A value on its way into Foundation's `JSONEncoder`, which encodes it with ``DepthBoundEncoder``.
struct DepthBoundValue<Value: Encodable>: Encodable {
    let value: Value
    let state: DepthBoundState
    /// The depth of the encoder it encodes with.
    let depth: Int32
    let path: Int32

    func encode(to encoder: any Encoder) throws {
        // A dictionary's value that Foundation writes itself goes through a single-value container,
        // where Foundation looks at its type as it would have.
        if TreeScalar.isLeaf(value) {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        } else if state.convertsKeys, let dictionary = value as? any DepthBoundDictionary {
            try state.checkDepth(depth, path: path, key: nil)
            var container = encoder.singleValueContainer()
            try container.encode(dictionary.bounded(by: state, depth: depth + 1, path: path))
        } else {
            try value.encode(to: DepthBoundEncoder(base: encoder, state: state, depth: depth, path: path))
        }
    }
}

/// `[String: …]` dictionaries of `Encodable` values, which Foundation writes without converting
/// their keys.
protocol DepthBoundDictionary {
    /// The dictionary with every value wrapped in a ``DepthBoundValue`` at `depth`.
    func bounded(by state: DepthBoundState, depth: Int32, path: Int32) -> any Encodable
}

extension Dictionary: DepthBoundDictionary where Key == String, Value: Encodable {
    func bounded(by state: DepthBoundState, depth: Int32, path: Int32) -> any Encodable {
        var bounded: [String: DepthBoundValue<Value>] = [:]
        bounded.reserveCapacity(count)
        for (key, value) in self {
            let valuePath = state.paths.append(JSONPathKey.name(key), below: path, isContainerKey: false)
            bounded[key] = DepthBoundValue(value: value, state: state, depth: depth, path: valuePath)
        }
        return bounded
    }
}
