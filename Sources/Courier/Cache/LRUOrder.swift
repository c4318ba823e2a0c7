/// Keys in order of last use, least recent first: a doubly linked list threaded through a
/// dictionary, so that using, adding and removing a key are O(1).
struct LRUOrder<Key: Hashable & Sendable>: Sendable {
    private struct Links: Sendable {
        var older: Key?
        var newer: Key?
    }

    private var links: [Key: Links] = [:]
    /// The least recently used key.
    private(set) var oldest: Key?
    private var newest: Key?

    /// How many keys are in order.
    var count: Int { links.count }

    /// Makes `key` the most recently used, adding it if it is new.
    mutating func use(_ key: Key) {
        if links[key] != nil {
            guard newest != key else { return }
            remove(key)
        }
        links[key] = Links(older: newest, newer: nil)
        if let newest { links[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    /// Forgets `key`.
    mutating func remove(_ key: Key) {
        guard let removed = links.removeValue(forKey: key) else { return }
        if let older = removed.older { links[older]?.newer = removed.newer } else { oldest = removed.newer }
        if let newer = removed.newer { links[newer]?.older = removed.older } else { newest = removed.older }
    }

    /// The keys from least to most recently used.
    var keysOldestFirst: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(links.count)
        var next = oldest
        while let key = next {
            keys.append(key)
            next = links[key]?.newer
        }
        return keys
    }
}
