/// The coding paths of Courier's JSON encoder, kept as one entry per key with a link to the entry
/// above it, so that an encoder or a container holds a path as a single index.
///
/// An entry is either an encoder's key (the key of the value it encodes) or a nested container's
/// key. ``codingPath(at:)`` answers what Foundation's `JSONEncoder` answers: a container's path
/// has the keys of the nested containers between it and its encoder, an encoder's path only the
/// keys of the encoders above it. ``nestingPath(at:then:)`` names every key, for
/// ``ParameterEncodingError/nestingTooDeep(key:limit:)``.
struct CodingPathArena {
    private struct Entry {
        let key: any CodingKey
        let parent: Int32
        let isContainerKey: Bool
    }

    /// The index of the top level's empty path.
    static let root: Int32 = -1

    private var entries: [Entry] = []

    /// Adds `key` below `parent` and returns its index.
    mutating func append(_ key: some CodingKey, below parent: Int32, isContainerKey: Bool) -> Int32 {
        entries.append(Entry(key: key, parent: parent, isContainerKey: isContainerKey))
        return Int32(entries.count - 1)
    }

    /// The coding path of the encoder or container whose entry is `index`.
    func codingPath(at index: Int32) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var index = index
        var belowAnEncoder = false
        while index != Self.root {
            let entry = entries[Int(index)]
            if !(entry.isContainerKey && belowAnEncoder) { keys.append(entry.key) }
            belowAnEncoder = belowAnEncoder || !entry.isContainerKey
            index = entry.parent
        }
        return keys.reversed()
    }

    /// Every key from the top level to `index`, then `key`, as `a[b][0]`; `(top level)` for none.
    func nestingPath(at index: Int32, then key: (any CodingKey)? = nil) -> String {
        var names: [String] = key.map { [Self.name(of: $0)] } ?? []
        var index = index
        while index != Self.root {
            let entry = entries[Int(index)]
            names.append(Self.name(of: entry.key))
            index = entry.parent
        }
        guard let first = names.popLast() else { return "(top level)" }
        return names.reversed().reduce(first) { $0 + "[\($1)]" }
    }

    /// An array position as its number, any other key as its string.
    private static func name(of key: any CodingKey) -> String {
        if let position = key as? JSONPathKey, case .index(let index) = position { return String(index) }
        return key.stringValue
    }
}

/// The keys Courier's JSON encoder makes itself, named as Foundation's `JSONEncoder` names them.
enum JSONPathKey: CodingKey {
    /// A position in an array: `"Index 2"`, int value `2`.
    case index(Int)
    /// The key of `superEncoder()`: `"super"`.
    case superKey
    /// A dictionary's key.
    case name(String)

    var stringValue: String {
        switch self {
        case .index(let index): "Index \(index)"
        case .superKey: "super"
        case .name(let name): name
        }
    }

    var intValue: Int? {
        switch self {
        case .index(let index): index
        case .superKey, .name: nil
        }
    }

    init?(stringValue: String) {
        self = .name(stringValue)
    }

    init?(intValue: Int) {
        self = .index(intValue)
    }
}
