/// The entries of one tier (memory or disk), bounded by total cost and by count, evicting the least
/// recently used; and, for each key, its variants.
struct CacheIndex<Value: Sendable>: Sendable {
    /// A limit of bytes and of entries.
    struct Limits: Equatable, Sendable {
        /// The most bytes of entries kept.
        var bytes: Int
        /// The most entries kept.
        var count: Int
    }

    private var values: [CacheEntryID: (value: Value, cost: Int)] = [:]
    private var order = LRUOrder<CacheEntryID>()
    private var variants: [UInt64: Set<CacheEntryID>] = [:]
    /// The sum of the entries' costs.
    private(set) var totalCost = 0
    /// The bounds.
    let limits: Limits

    /// An empty index bounded by `limits`.
    init(limits: Limits) {
        self.limits = limits
    }

    /// How many entries are kept.
    var count: Int { values.count }

    /// Whether an entry of `cost` can be kept at all.
    func admits(cost: Int) -> Bool { cost <= limits.bytes && limits.count > 0 }

    /// The value filed under `id`, marked as just used.
    mutating func use(_ id: CacheEntryID) -> Value? {
        guard let value = values[id]?.value else { return nil }
        order.use(id)
        return value
    }

    /// The value filed under `id`, without marking it used.
    func peek(_ id: CacheEntryID) -> Value? { values[id]?.value }

    /// What `body` reads of the value filed under `id`, read in place without marking it used;
    /// `nil` when there is none.
    func with<Result>(_ id: CacheEntryID, _ body: (Value) -> Result) -> Result? {
        guard let index = values.index(forKey: id) else { return nil }
        return body(values.values[index].value)
    }

    /// The ids of every variant of the key whose hash is `primary`.
    func ids(primary: UInt64) -> Set<CacheEntryID> { variants[primary] ?? [] }

    /// Every value, in no order.
    var allValues: [Value] { values.values.map(\.value) }

    /// Every id, least recently used first.
    var idsOldestFirst: [CacheEntryID] { order.keysOldestFirst }

    /// Files `value` under `id` as the most recently used and returns the ids evicted to stay within
    /// the limits (`id` itself when it can never fit).
    mutating func insert(_ value: Value, id: CacheEntryID, cost: Int) -> [CacheEntryID] {
        guard admits(cost: cost) else {
            remove(id)
            return [id]
        }
        if let index = values.index(forKey: id) {
            // A new version of a stored entry (a `304`'s merge): replaced where it is filed, its
            // key's set of variants kept rather than emptied, removed and made again.
            totalCost += cost - values.values[index].cost
            values.values[index] = (value, cost)
        } else {
            values[id] = (value, cost)
            totalCost += cost
            variants[id.primary, default: []].insert(id)
        }
        order.use(id)
        var evicted: [CacheEntryID] = []
        while totalCost > limits.bytes || values.count > limits.count, let oldest = order.oldest, oldest != id {
            remove(oldest)
            evicted.append(oldest)
        }
        return evicted
    }

    /// Forgets the entry filed under `id` and returns its value.
    @discardableResult
    mutating func remove(_ id: CacheEntryID) -> Value? {
        guard let removed = values.removeValue(forKey: id) else { return nil }
        totalCost -= removed.cost
        order.remove(id)
        variants[id.primary]?.remove(id)
        if variants[id.primary]?.isEmpty == true { variants[id.primary] = nil }
        return removed.value
    }

    /// Forgets every entry `shouldRemove` picks and returns their ids.
    mutating func removeAll(where shouldRemove: (Value) -> Bool) -> [CacheEntryID] {
        let ids = values.filter { shouldRemove($0.value.value) }.map(\.key)
        for id in ids { remove(id) }
        return ids
    }
}
