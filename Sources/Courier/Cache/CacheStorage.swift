import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The entries of an ``HTTPCache`` in memory and on disk, each tier bounded and least-recently-used.
///
/// Memory holds whole entries; for the disk, memory holds each entry's head (its fields, not its body)
/// and the body is read when the entry is used. Indexes change under one lock; files are read and
/// written outside it, and a file that disappears or fails its checks between the two is a miss.
/// The folder's heads are read on first use, not when the cache is made.
final class CacheStorage: Sendable {
    private enum Disk: Sendable {
        case off
        case unloaded(DiskCacheTier)
        case loaded(DiskCacheTier, CacheIndex<CacheEntry.Head>)
    }

    private struct State: Sendable {
        var memory: CacheIndex<CacheEntry>
        var disk: Disk
        /// Moves on with every change to what the storage holds (see ``generation``).
        var generation: UInt64 = 0
    }

    private let state: LockedValue<State>
    private let diskLimits: CacheIndex<CacheEntry.Head>.Limits

    /// Storage bounded by `memory` and, when `disk` is given, by `diskLimits` on disk.
    init(memory: CacheIndex<CacheEntry>.Limits, disk: DiskCacheTier?, diskLimits: CacheIndex<CacheEntry.Head>.Limits) {
        self.diskLimits = diskLimits
        state = LockedValue(State(memory: CacheIndex(limits: memory), disk: disk.map { .unloaded($0) } ?? .off))
    }

    /// Whether entries can be written to disk (it may turn out unusable when first read).
    var hasDisk: Bool {
        state.withLock { state in
            if case .off = state.disk { return false }
            return true
        }
    }

    /// A number that changes whenever an entry is stored, replaced, removed or evicted: while it reads
    /// what a lookup saw (``entryAndGeneration(for:matching:)``), a new lookup would find the same.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// How many entries each tier holds.
    var counts: (memory: Int, disk: Int) {
        state.withLock { state in (state.memory.count, loadDisk(&state)?.index.count ?? 0) }
    }

    /// The head of every entry, each once.
    func heads() -> [CacheEntry.Head] {
        state.withLock { state in
            var heads = Dictionary(state.memory.allValues.map { ($0.id, $0.head) }) { first, _ in first }
            for head in loadDisk(&state)?.index.allValues ?? [] { heads[head.id] = head }
            return Array(heads.values)
        }
    }

    /// The most recent stored answer to `key` that `request` may use (RFC 9111 §4.1), from memory, or
    /// from disk (then kept in memory too).
    func entry(for key: CacheKey, matching request: RequestFields) -> CacheEntry? {
        entryAndGeneration(for: key, matching: request)?.entry
    }

    /// ``entry(for:matching:)``, with the ``generation`` the storage had when it looked, read under
    /// the same lock; never `nil` with `readingFiles` on. With it off, the lookup neither waits for
    /// the lock (another thread may hold it while it reads the folder) nor reads a file: where it
    /// would have to (the lock is held, the entry to use is on disk, the folder's heads were never
    /// read), it changes nothing and returns `nil`.
    func entryAndGeneration(for key: CacheKey, matching request: RequestFields, readingFiles: Bool = true) -> (
        entry: CacheEntry?, generation: UInt64
    )? {
        enum Found {
            case memory(CacheEntry)
            case disk(DiskCacheTier, CacheEntry.Head)
            case needsFiles
        }
        var generation: UInt64 = 0
        func look(_ state: inout State) -> Found? {
            generation = state.generation
            if !readingFiles, case .unloaded = state.disk { return .needsFiles }
            // Ids and times only, until the one entry to answer with is known: each head copied out
            // of an index costs a copy of its every field and a retain of each of its references.
            let inMemory = Self.newest(of: state.memory.ids(primary: key.primaryHash)) { id in
                state.memory.with(id) { Self.responseTime(of: $0.head, ifUsableFor: key, request) } ?? nil
            }
            let onDisk = withDiskIndex(&state) { tier, index -> Found? in
                let newest = Self.newest(of: index.ids(primary: key.primaryHash)) { id in
                    index.with(id) { Self.responseTime(of: $0, ifUsableFor: key, request) } ?? nil
                }
                guard let newest, inMemory.map({ newest.time > $0.time }) ?? true else { return nil }
                guard readingFiles else { return .needsFiles }
                return index.use(newest.id).map { .disk(tier, $0) }
            }
            if let onDisk = onDisk ?? nil { return onDisk }
            return inMemory.flatMap { state.memory.use($0.id) }.map { .memory($0) }
        }
        let found = readingFiles ? state.withLock(look) : state.withLockIfFree(look) ?? .needsFiles
        switch found {
        case nil: return (nil, generation)
        case .needsFiles: return nil
        case .memory(let entry): return (entry, generation)
        case .disk(let tier, let head):
            guard let entry = tier.read(head) else {
                forgetOnDisk(head.id, ifStill: head)
                return (nil, generation)
            }
            state.withLock { state in
                state.generation &+= 1  // the insert may evict other entries from memory
                _ = state.memory.insert(entry, id: entry.id, cost: entry.cost)
            }
            return (entry, generation)
        }
    }

    /// Stores `entry`, in memory and, when `toDisk`, on disk, replacing every variant that `request`
    /// would have used; an entry too large for a tier is left out of that tier. With `expected`, only
    /// when the storage still holds that response under `entry`'s id (checked under the same lock):
    /// a `304` updates the response it revalidated, not one stored or removed since.
    func save(_ entry: CacheEntry, for request: RequestFields, toDisk: Bool, replacing expected: CacheEntry.Head? = nil)
    {
        let id = entry.id
        let plan = state.withLock { state -> (tier: DiskCacheTier, removed: [CacheEntryID], writes: Bool)? in
            if let expected, !holds(expected, &state) { return nil }
            state.generation &+= 1
            let inMemory = Self.superseded(by: entry, request, among: state.memory.ids(primary: id.primary)) {
                state.memory.peek($0)?.head
            }
            for other in inMemory { state.memory.remove(other) }
            _ = state.memory.insert(entry, id: id, cost: entry.cost)
            return withDiskIndex(&state) { tier, index in
                var removed = Self.superseded(by: entry, request, among: index.ids(primary: id.primary)) {
                    index.peek($0)
                }
                for other in removed { index.remove(other) }
                let writes = toDisk && index.admits(cost: entry.cost)
                if !writes, index.remove(id) != nil { removed.append(id) }
                return (tier, removed, writes)
            }
        }
        guard let plan else { return }
        for other in plan.removed { plan.tier.remove(other) }
        guard plan.writes else { return }
        guard plan.tier.write(entry) else {
            forgetOnDisk(id, ifStill: nil)
            return
        }
        let evicted = state.withLock { state in
            state.generation &+= 1
            return withDiskIndex(&state) { _, index in index.insert(entry.head, id: id, cost: entry.cost) }
        }
        for other in evicted ?? [] { plan.tier.remove(other) }
    }

    /// Removes every entry whose head `shouldRemove` picks, from both tiers.
    func removeAll(where shouldRemove: (CacheEntry.Head) -> Bool) {
        let removed = state.withLock { state -> (DiskCacheTier, [CacheEntryID])? in
            state.generation &+= 1
            _ = state.memory.removeAll { shouldRemove($0.head) }
            return withDiskIndex(&state) { tier, index in (tier, index.removeAll(where: shouldRemove)) }
        }
        guard let removed else { return }
        for id in removed.1 { removed.0.remove(id) }
    }

    /// Whether each tier that has an entry under `expected`'s id holds that same response (the same
    /// arrival time and validators), and one tier at least has it.
    private func holds(_ expected: CacheEntry.Head, _ state: inout State) -> Bool {
        func isExpected(_ head: CacheEntry.Head) -> Bool {
            head.responseTime == expected.responseTime && head.facts.eTag == expected.facts.eTag
                && head.facts.lastModifiedField == expected.facts.lastModifiedField
        }
        let inMemory = state.memory.peek(expected.id)?.head
        let onDisk = withDiskIndex(&state) { _, index in index.peek(expected.id) } ?? nil
        guard inMemory != nil || onDisk != nil else { return false }
        return (inMemory.map(isExpected) ?? true) && (onDisk.map(isExpected) ?? true)
    }

    /// Forgets `id` on disk and removes its file, unless the index now holds another head than `head`
    /// (`nil`: whatever it holds).
    private func forgetOnDisk(_ id: CacheEntryID, ifStill head: CacheEntry.Head?) {
        let tier = state.withLock { state in
            state.generation &+= 1
            return withDiskIndex(&state) { tier, index -> DiskCacheTier? in
                if let head, index.peek(id) != head { return nil }
                index.remove(id)
                return tier
            }
        }
        tier??.remove(id)
    }

    /// The disk tier and its index, the heads read from the folder the first time they are needed;
    /// `nil` without a usable disk (a folder that cannot be listed turns the disk off).
    private func loadDisk(_ state: inout State) -> (tier: DiskCacheTier, index: CacheIndex<CacheEntry.Head>)? {
        loadDiskIfNeeded(&state)
        guard case .loaded(let tier, let index) = state.disk else { return nil }
        return (tier, index)
    }

    /// Reads the heads from the folder the first time the disk is needed.
    private func loadDiskIfNeeded(_ state: inout State) {
        guard case .unloaded(let tier) = state.disk else { return }
        guard let heads = try? tier.loadHeads() else {
            state.disk = .off
            return
        }
        var index = CacheIndex<CacheEntry.Head>(limits: diskLimits)
        for head in heads {
            for evicted in index.insert(head, id: head.id, cost: head.cost) { tier.remove(evicted) }
        }
        state.disk = .loaded(tier, index)
    }

    /// Runs `body` on the disk tier and its index, loaded if need be; `nil` without a usable disk.
    /// The index is taken out of `state` while `body` changes it, so that it is not copied (nor
    /// copied to be looked at first: each copy retains every reference the index holds).
    private func withDiskIndex<Result>(
        _ state: inout State, _ body: (DiskCacheTier, inout CacheIndex<CacheEntry.Head>) -> Result
    ) -> Result? {
        loadDiskIfNeeded(&state)
        guard case .loaded(let tier, var index) = state.disk else { return nil }
        state.disk = .off
        defer { state.disk = .loaded(tier, index) }
        return body(tier, &index)
    }

    /// The id among `ids` whose `responseTime` is the latest, with that time; ids it gives `nil`
    /// for are left out.
    private static func newest(of ids: Set<CacheEntryID>, responseTime: (CacheEntryID) -> Date?) -> (
        id: CacheEntryID, time: Date
    )? {
        var newest: (id: CacheEntryID, time: Date)?
        for id in ids {
            guard let time = responseTime(id) else { continue }
            if newest.map({ time > $0.time }) ?? true { newest = (id, time) }
        }
        return newest
    }

    /// When `head`'s response arrived, if it is filed under `key` and `request` may use it; `nil`
    /// otherwise.
    private static func responseTime(
        of head: CacheEntry.Head, ifUsableFor key: CacheKey, _ request: RequestFields
    ) -> Date? {
        head.key == key.primary && head.matches(request) ? head.responseTime : nil
    }

    /// The ids among `ids`, other than `entry`'s, of entries for the same key that `request` would use.
    private static func superseded(
        by entry: CacheEntry, _ request: RequestFields, among ids: Set<CacheEntryID>,
        head: (CacheEntryID) -> CacheEntry.Head?
    ) -> [CacheEntryID] {
        ids.filter { id in
            id != entry.id && head(id).map { $0.key == entry.head.key && $0.matches(request) } ?? false
        }
    }
}
