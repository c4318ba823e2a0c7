/// The JSON value Courier's encoder builds, in flat arrays: nodes (objects, arrays, single values),
/// members (an object's key and value, an array's element) and the bytes of keys and scalars.
///
/// A scalar's text is written once, escaped and formatted, when it is encoded. Objects keep their
/// members in the order they came, linked, so that containers can be written to in any order (a
/// nested container filled after its parent moved on, a super encoder used late); the keys are
/// sorted only when the tree is written out (``serialized()``), without recursion. Nothing here
/// recurses or frees recursively, however deep the value.
///
/// It follows Foundation's `JSONEncoder`: a key written twice keeps its last value (and its first
/// spelling, when the two are equal as Swift strings but not in bytes); a nested container asked
/// for a key that already holds an object or an array adds to it; a value that encodes nothing is
/// `{}`.
struct JSONTree {
    enum Kind: UInt8 {
        /// Nothing encoded yet.
        case empty
        case scalar
        case object
        case array
    }

    struct Node {
        var kind: Kind
        /// Whether an object has a key that is not ASCII, whose equal keys are found as Swift
        /// compares strings (canonical equivalence) rather than by bytes.
        var hasNonASCIIKey = false
        /// Whether an object's keys are in `keyIndex`.
        var isIndexed = false
        var count: Int32 = 0
        /// A scalar's first byte in `text`; a container's first member, or -1.
        var first: Int32 = -1
        /// A scalar's end in `text`; a container's last member, or -1.
        var last: Int32 = -1
    }

    struct Member {
        /// The key's UTF-8 bytes in `keys` (empty for an array element).
        var keyStart: Int32
        var keyEnd: Int32
        /// A scalar's bytes in `text`, or, with `valueEnd` -1, the index of the value's node.
        var valueStart: Int32
        var valueEnd: Int32
        /// The next member of the same container, or -1.
        var next: Int32 = -1

        var node: Int32? { valueEnd < 0 ? valueStart : nil }
    }

    /// The top level's node.
    static let root: Int32 = 0

    private var nodes: [Node] = [Node(kind: .empty)]
    private(set) var members: [Member] = []
    /// Scalars' JSON text.
    private(set) var text = JSONBytes(capacity: 4096)
    /// Keys' raw UTF-8 bytes.
    private(set) var keys = JSONBytes(capacity: 1024)
    /// For objects with many members that nested containers look keys up in: key → last member.
    private var keyIndex: [Int32: [String: Int32]] = [:]

    /// Whether the text, the keys or the tree grew past what an `Int32` offset can address (2 GiB of
    /// text): the tree is then not serialized, and the caller encodes the value another way.
    private(set) var overflowed = false

    /// The largest offset: `Int32.max`, or less in tests.
    private let offsetLimit: Int

    /// An empty tree whose offsets go up to `offsetLimit` (at most `Int32.max`).
    init(offsetLimit: Int32 = .max) {
        self.offsetLimit = Int(offsetLimit)
        members.reserveCapacity(64)
    }

    /// `count` as an offset, or the limit with ``overflowed`` set when it is past it.
    @inline(__always)
    private mutating func offset(_ count: Int) -> Int32 {
        if count <= offsetLimit { return Int32(truncatingIfNeeded: count) }
        overflowed = true
        return Int32(truncatingIfNeeded: offsetLimit)
    }

    /// Frees the text and the keys; the tree must not be used afterwards.
    func release() {
        text.release()
        keys.release()
    }

    func kind(of node: Int32) -> Kind { nodes[Int(node)].kind }

    func node(_ node: Int32) -> Node { nodes[Int(node)] }

    /// A new node, attached to nothing yet.
    mutating func addNode(_ kind: Kind) -> Int32 {
        nodes.append(Node(kind: kind))
        return offset(nodes.count - 1)
    }

    /// Makes an empty `node` an object or an array; `false` when it holds something else.
    mutating func open(_ node: Int32, as kind: Kind) -> Bool {
        switch nodes[Int(node)].kind {
        case .empty:
            nodes[Int(node)].kind = kind
            return true
        case let current:
            return current == kind
        }
    }

    /// Marks a node whose value encoded nothing as `{}`, as Foundation does.
    mutating func closeIfEmpty(_ node: Int32) {
        if nodes[Int(node)].kind == .empty { nodes[Int(node)].kind = .object }
    }

    /// Appends a member to `container`, its value the text `write` appends.
    @inline(__always)
    mutating func addScalar(to container: Int32, key: String?, _ write: (inout JSONBytes) throws -> Void) rethrows {
        let start = offset(text.count)
        try write(&text)
        addMember(to: container, key: key, valueStart: start, valueEnd: offset(text.count))
    }

    /// Appends a member to `container` whose value is a new empty node, and returns that node.
    mutating func addNodeMember(to container: Int32, key: String?, kind: Kind = .empty) -> Int32 {
        let node = addNode(kind)
        addMember(to: container, key: key, valueStart: node, valueEnd: -1)
        return node
    }

    /// Writes a scalar as `node`'s single value. Over an object or an array the value is dropped,
    /// as Foundation drops it; `false` over a scalar.
    mutating func setScalar(in node: Int32, _ write: (inout JSONBytes) throws -> Void) rethrows -> Bool {
        switch nodes[Int(node)].kind {
        case .empty:
            let start = offset(text.count)
            try write(&text)
            nodes[Int(node)] = Node(kind: .scalar, first: start, last: offset(text.count))
            return true
        case .object, .array: return true
        case .scalar: return false
        }
    }

    private mutating func addMember(to container: Int32, key: String?, valueStart: Int32, valueEnd: Int32) {
        let keyStart = offset(keys.count)
        var nonASCII = false
        if var key {
            key.withUTF8 { bytes in
                keys.append(bytes)
                nonASCII = bytes.contains { $0 >= 0x80 }
            }
        }
        let index = offset(members.count)
        members.append(
            Member(keyStart: keyStart, keyEnd: offset(keys.count), valueStart: valueStart, valueEnd: valueEnd))
        var owner = nodes[Int(container)]
        if owner.last >= 0 { members[Int(owner.last)].next = index } else { owner.first = index }
        owner.last = index
        owner.count += 1
        owner.hasNonASCIIKey = owner.hasNonASCIIKey || nonASCII
        nodes[Int(container)] = owner
        if owner.isIndexed, let key { keyIndex[container]?[key] = index }
    }

    /// What `object` holds under `key`: its last member's node, a scalar, or nothing.
    enum Lookup: Equatable {
        case absent
        case node(Int32)
        case scalar
    }

    /// What `object`'s last member under `key` holds, keys compared as Swift compares strings.
    mutating func lookUp(_ key: String, in object: Int32) -> Lookup {
        let found: Int32?
        if nodes[Int(object)].isIndexed {
            found = keyIndex[object]?[key]
        } else if nodes[Int(object)].count > 16 {
            var index: [String: Int32] = [:]
            forEachMember(of: object) { index[self.key(of: $1)] = $0 }
            keyIndex[object] = index
            nodes[Int(object)].isIndexed = true
            found = index[key]
        } else {
            var last: Int32?
            forEachMember(of: object) { if self.key(of: $1) == key { last = $0 } }
            found = last
        }
        guard let found else { return .absent }
        return members[Int(found)].node.map(Lookup.node) ?? .scalar
    }

    /// Calls `body` with each member of `container`, in the order they were added.
    func forEachMember(of container: Int32, _ body: (Int32, Member) -> Void) {
        var index = nodes[Int(container)].first
        while index >= 0 {
            let member = members[Int(index)]
            body(index, member)
            index = member.next
        }
    }

    /// A member's key as a string.
    func key(of member: Member) -> String {
        String(decoding: keys[Int(member.keyStart)..<Int(member.keyEnd)], as: UTF8.self)
    }
}
