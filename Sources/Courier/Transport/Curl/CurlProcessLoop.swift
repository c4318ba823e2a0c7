#if os(Linux)
    internal import CCourierCurl

    /// The event loop of a ``CurlTransport`` in this process.
    ///
    /// After `fork()` the child has the parent's loop object but not its thread: a request handed
    /// to it would wait forever. Its lock may even have been held by that thread at the instant of
    /// the fork, and its connections are the parent's sockets. So a child never touches it: its
    /// first request makes a loop of the child's own (new connections; cookies the parent kept are
    /// not carried over), and the parent's is left as it is for good, since cleaning it up would
    /// close connections the parent is still using.
    final class CurlProcessLoop: Sendable {
        private let settings: CurlSettings
        /// The loop made with the transport, for the process that made it.
        private let original: CurlEventLoop
        /// The fork generation (see `courier_curl_fork_generation`) of that process.
        private let generation: UInt
        /// The loop of a forked child, with its generation; only ever used in forked processes.
        private let forked = LockedValue<(generation: UInt, loop: CurlEventLoop)?>(nil)

        /// - Throws: What ``CurlEventLoop/init(settings:)`` throws.
        init(settings: CurlSettings) throws {
            self.settings = settings
            original = try CurlEventLoop(settings: settings)
            generation = courier_curl_fork_generation()
        }

        deinit {
            guard courier_curl_fork_generation() == generation else {
                // A forked child: the parent's loop (and an older child's) is never touched.
                _ = Unmanaged.passRetained(original)
                forked.withLock { forked in
                    if let forked, forked.generation == courier_curl_fork_generation() {
                        forked.loop.shutDown()
                    } else if let forked {
                        _ = Unmanaged.passRetained(forked.loop)
                    }
                }
                return
            }
            original.shutDown()
        }

        /// The loop of this process: the original one, or in a forked child one of its own, made the
        /// first time it is asked for.
        /// - Throws: `URLError(.cannotLoadFromNetwork)` when a child's loop cannot be made.
        func current() throws -> CurlEventLoop {
            let now = courier_curl_fork_generation()
            if now == generation { return original }
            return try forked.withLock { forked in
                if let forked, forked.generation == now { return forked.loop }
                if let stale = forked?.loop { _ = Unmanaged.passRetained(stale) }  // a parent's, in a grandchild
                let loop = try CurlEventLoop(settings: settings)
                forked = (now, loop)
                return loop
            }
        }
    }
#endif
