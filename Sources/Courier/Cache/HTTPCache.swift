import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A private HTTP cache (RFC 9111, with RFC 5861's `stale-while-revalidate` and `stale-if-error`),
/// in memory and optionally on disk, the same on every transport and OS.
///
/// ```swift
/// let folder = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
///     .appendingPathComponent("api-cache")
/// let cache = HTTPCache(configuration: .init(directory: folder))
/// ```
///
/// Each target says how its requests use the cache with a ``CachePolicy``; ``CachePolicy/none``
/// (the default) never touches it. Entries are bounded in memory and on disk by bytes and by count,
/// the least recently used going first; files on disk are written atomically and checked whole
/// when read, so a crash or a full disk never serves a torn answer. Every method may be called from
/// any thread; none blocks on the network. The methods that read or write entries may read or write
/// a file on the calling thread.
public final class HTTPCache: Sendable {
    /// How the cache was configured.
    public let configuration: Configuration
    let storage: CacheStorage
    /// Keys whose stale answer is being refreshed in the background, and since when.
    let revalidations = LockedValue<[String: Date]>([:])

    /// How long a background revalidation is waited for before another may start: one that was
    /// lost (its task cancelled, its answer never handed back) must not stop refreshes for good.
    static let revalidationTimeout: TimeInterval = 60

    /// The cache providers use when they are given none: in memory only, with the default limits.
    /// Nothing is stored in it unless a target or a provider chooses a ``CachePolicy`` other than
    /// ``CachePolicy/none``.
    public static let shared = HTTPCache()

    /// Creates a cache. With a ``Configuration/directory``, this creates the folder if needed and
    /// checks that it is the cache's own (a quick listing); the entries in it are read when the cache
    /// is first used, on the thread that first uses it.
    /// - Parameter configuration: Limits, folder and clock. Memory only, 8 MiB, by default.
    public convenience init(configuration: Configuration = Configuration()) {
        self.init(configuration: configuration, fileSystem: .posix)
    }

    /// Creates a cache whose disk tier goes through `fileSystem`, so tests can make it fail.
    package init(configuration: Configuration, fileSystem: CacheFileSystem) {
        self.configuration = configuration
        let disk = configuration.directory.flatMap { try? DiskCacheTier(folder: $0, files: fileSystem) }
        storage = CacheStorage(
            memory: .init(bytes: configuration.memoryCapacity, count: configuration.memoryEntryLimit),
            disk: disk,
            diskLimits: .init(bytes: configuration.diskCapacity, count: configuration.diskEntryLimit))
    }

    /// Whether entries are written to disk: `false` without a ``Configuration/directory``, and when
    /// the folder is a file, cannot be created or read, or belongs to someone else.
    public var usesDisk: Bool { storage.hasDisk }

    /// Changes whenever what the cache holds changes (see ``CacheStorage/generation``).
    var generation: UInt64 { storage.generation }

    /// The current time on the cache's clock.
    package var now: Date { configuration.clock.now() }

    /// How many entries are held in memory and on disk.
    package var entryCounts: (memory: Int, disk: Int) { storage.counts }

    /// Whether nothing is stored, in memory or on disk (whose index is read the first time this is asked).
    package var isEmpty: Bool {
        let counts = storage.counts
        return counts.memory == 0 && counts.disk == 0
    }

    // MARK: - Clearing

    /// Removes every stored answer, in memory and on disk.
    public func removeAll() {
        storage.removeAll { _ in true }
    }

    /// Removes the stored answers to `GET` requests for `url` (every variant; the fragment is ignored).
    /// - Parameter url: The URL whose answers go.
    public func removeResponses(for url: URL) {
        guard let key = CacheKey(getting: url) else { return }
        storage.removeAll { $0.key == key.primary }
    }

    /// Removes the stored answers whose request URL `shouldRemove` picks, for example every URL under
    /// one base URL: `cache.removeResponses { $0.absoluteString.hasPrefix("https://api.example.com/v2/") }`.
    /// - Parameter shouldRemove: Called once per stored answer, outside the cache's lock (it may call
    ///   the cache).
    public func removeResponses(where shouldRemove: (URL) -> Bool) {
        let picked = Set(storage.heads().filter { shouldRemove($0.url) }.map(\.id))
        guard !picked.isEmpty else { return }
        storage.removeAll { picked.contains($0.id) }
    }

    /// The key under which concurrent requests may share one exchange (``RequestCoalescer``): the
    /// method, URL (its user info included) and every header field of `request`, so that requests
    /// that could get different answers never share one; `nil` for anything but a `GET` without a
    /// body.
    package func coalescingKey(for request: URLRequest) -> String? {
        guard let key = CacheKey(request) else { return nil }
        let fields = (request.allHTTPHeaderFields ?? [:]).map { ($0.key.lowercased(), $0.value) }.sorted { $0 < $1 }
        // Appended in place: joined with `+`, each field made two new strings of the whole key so far.
        var text = key.primary
        for (name, value) in fields {
            text += "\n"
            text += name
            text += ":"
            text += value
        }
        guard let userInfo = request.url.flatMap(RequestFields.userInfo(of:)) else { return text }
        return text + "\n@" + userInfo  // "@" starts no field name
    }

    // MARK: - Background revalidation

    /// Marks `key` as being revalidated, unless it already is: `false` then.
    func beginRevalidation(_ key: CacheKey, at now: Date) -> Bool {
        revalidations.withLock { marks in
            if let since = marks[key.primary], now.timeIntervalSince(since) < Self.revalidationTimeout {
                return false
            }
            marks[key.primary] = now
            return true
        }
    }

    /// Ends the background revalidation of the entry `revalidation` revalidates, whatever its outcome.
    func endRevalidation(of revalidation: CacheRevalidation) {
        guard let key = CacheKey(getting: revalidation.entry.head.url) else { return }
        endRevalidation(key)
    }

    /// Ends the revalidation of `key`, whatever its outcome.
    func endRevalidation(_ key: CacheKey) {
        _ = revalidations.withLock { $0.removeValue(forKey: key.primary) }
    }
}
