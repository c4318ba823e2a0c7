import Foundation

/// One run of Courier's JSON encoder: the tree being built, the coding paths, and the first problem
/// found where nothing could throw (a nested container past the depth limit, a container asked for
/// where Foundation's `JSONEncoder` stops the process), thrown when the top-level value returns.
///
/// Used by one call on one thread; the encoders and containers hand it to each other.
final class TreeEncodingState: NestingCounter {
    /// The tree and the paths live in memory of their own, reached through addressors: a class's
    /// stored properties would pay the runtime's exclusivity check on every access (a fifth of the
    /// encoder's time, measured). No access overlaps another: each encoder call takes one, and the
    /// closures that write scalars touch only the tree's text (and the paths, to name an error).
    private let treeStorage = UnsafeMutablePointer<JSONTree>.allocate(capacity: 1)
    private let pathStorage = UnsafeMutablePointer<CodingPathArena>.allocate(capacity: 1)
    private(set) var problem: (any Error)?
    /// The top-level value, for the errors that name it.
    let topLevel: Any

    init(topLevel: Any, offsetLimit: Int32 = .max) {
        self.topLevel = topLevel
        treeStorage.initialize(to: JSONTree(offsetLimit: offsetLimit))
        pathStorage.initialize(to: CodingPathArena())
    }

    deinit {
        treeStorage.pointee.release()
        treeStorage.deinitialize(count: 1)
        treeStorage.deallocate()
        pathStorage.deinitialize(count: 1)
        pathStorage.deallocate()
    }

    var tree: JSONTree {
        unsafeAddress { UnsafePointer(treeStorage) }
        unsafeMutableAddress { treeStorage }
    }

    var paths: CodingPathArena {
        unsafeAddress { UnsafePointer(pathStorage) }
        unsafeMutableAddress { pathStorage }
    }

    /// Keeps `problem` unless one was found before.
    func record(_ problem: any Error) {
        if self.problem == nil { self.problem = problem }
    }

    // MARK: - Values

    /// Encodes `value` into `slot` with an encoder at `depth` and `path`; a value that encodes
    /// nothing is `{}`.
    func encodeValue<Value: Encodable>(_ value: Value, into slot: Int32, depth: Int32, path: Int32) throws {
        try value.encode(to: TreeEncoder(state: self, slot: slot, depth: depth, path: path))
        tree.closeIfEmpty(slot)
    }

    /// `value`, or Foundation's error for a NaN or an infinity (its default strategy, `.throw`).
    static func finite<Number: BinaryFloatingPoint>(_ value: Number, codingPath: () -> [any CodingKey]) throws
        -> Number
    {
        guard value.isNaN || value.isInfinite else { return value }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath(), debugDescription: "Unable to encode \(Number.self).\(value) directly in JSON."
            ))
    }

    // MARK: - Containers

    /// `slot` opened as an object or an array; where it holds something else (Foundation stops the
    /// process there), the problem is recorded and a node attached to nothing is returned.
    func open(_ slot: Int32, as kind: JSONTree.Kind, path: Int32) -> Int32 {
        if tree.open(slot, as: kind) { return slot }
        let asked = kind == .object ? "a keyed container" : "an unkeyed container"
        record(misuse("Asked for \(asked) where another value was already encoded.", path: path))
        return tree.addNode(kind)
    }

    /// The node of `object`'s member under `key`, opened as `kind`: the one already there (an object
    /// or array that nested containers add to, as Foundation does) or a new one.
    func nested(_ kind: JSONTree.Kind, in object: Int32, key: String, path: Int32) -> Int32 {
        switch tree.lookUp(key, in: object) {
        case .absent:
            return tree.addNodeMember(to: object, key: key, kind: kind)
        case .node(let node):
            // A value that encoded nothing is `{}`: an object to add to, not an array.
            if tree.kind(of: node) == kind || (kind == .object && tree.kind(of: node) == .empty) {
                _ = tree.open(node, as: kind)
                return node
            }
        case .scalar:
            break
        }
        record(
            misuse("Asked for a nested container for key \"\(key)\", which holds another kind of value.", path: path))
        return tree.addNode(kind)
    }

    /// The error for a use of the `Encoder` API that Foundation's `JSONEncoder` refuses with a
    /// crash (`preconditionFailure`).
    func misuse(_ description: String, path: Int32) -> EncodingError {
        EncodingError.invalidValue(
            topLevel, EncodingError.Context(codingPath: paths.codingPath(at: path), debugDescription: description))
    }
}
