import Foundation

extension HTTPCache {
    /// What an ``HTTPCache`` keeps, where, and for how long.
    public struct Configuration: Sendable {
        /// The most bytes of entries (bodies, fields and bookkeeping) kept in memory. 8 MiB by default.
        public var memoryCapacity: Int
        /// The most entries kept in memory. 1,000 by default.
        public var memoryEntryLimit: Int
        /// The folder entries are written to, or `nil` to keep them in memory only. `nil` by default.
        ///
        /// The folder belongs to the cache: it is created `0700` if missing and marked as the cache's
        /// own; a folder that already holds other files is left alone (its mode too) and the cache runs
        /// from memory.
        /// Entry files are `0600`. Use a folder of its own under the caches directory.
        public var directory: URL?
        /// The most bytes of entries kept on disk. 50 MiB by default.
        public var diskCapacity: Int
        /// The most entries kept on disk. 5,000 by default.
        public var diskEntryLimit: Int
        /// The largest response body stored, in memory or on disk; a larger one (by its
        /// `Content-Length` or by what arrived) is answered and not stored. 5 MiB by default.
        public var maximumEntrySize: Int
        /// Whether answers to requests that carried credentials (`Authorization`,
        /// `Proxy-Authorization`, `Cookie`, a user and password in the URL) may be written to disk. `false` by default: they stay in
        /// memory and are gone when the app quits, so a stolen disk holds no signed-in user's data.
        public var storesCredentialedResponsesOnDisk: Bool
        /// The longest freshness guessed from `Last-Modified` for a response without explicit
        /// freshness (RFC 9111 §4.2.2: a tenth of its age, capped here). One day by default.
        public var heuristicFreshnessLimit: TimeInterval
        /// Where the cache reads the time. ``CacheClock/system`` by default.
        public var clock: CacheClock

        /// Creates a configuration; every parameter has the default documented on its property.
        /// - Parameters:
        ///   - memoryCapacity: Bytes kept in memory. 8 MiB by default.
        ///   - memoryEntryLimit: Entries kept in memory. 1,000 by default.
        ///   - directory: The folder for entries on disk. `nil` (memory only) by default.
        ///   - diskCapacity: Bytes kept on disk. 50 MiB by default.
        ///   - diskEntryLimit: Entries kept on disk. 5,000 by default.
        ///   - maximumEntrySize: The largest body stored. 5 MiB by default.
        ///   - storesCredentialedResponsesOnDisk: Whether answers to requests with credentials go to
        ///     disk. `false` by default.
        ///   - heuristicFreshnessLimit: The cap on heuristic freshness. One day by default.
        ///   - clock: The time source. ``CacheClock/system`` by default.
        public init(
            memoryCapacity: Int = 8 * 1024 * 1024,
            memoryEntryLimit: Int = 1000,
            directory: URL? = nil,
            diskCapacity: Int = 50 * 1024 * 1024,
            diskEntryLimit: Int = 5000,
            maximumEntrySize: Int = 5 * 1024 * 1024,
            storesCredentialedResponsesOnDisk: Bool = false,
            heuristicFreshnessLimit: TimeInterval = 86_400,
            clock: CacheClock = .system
        ) {
            self.memoryCapacity = memoryCapacity
            self.memoryEntryLimit = memoryEntryLimit
            self.directory = directory
            self.diskCapacity = diskCapacity
            self.diskEntryLimit = diskEntryLimit
            self.maximumEntrySize = maximumEntrySize
            self.storesCredentialedResponsesOnDisk = storesCredentialedResponsesOnDisk
            self.heuristicFreshnessLimit = heuristicFreshnessLimit
            self.clock = clock
        }
    }
}
