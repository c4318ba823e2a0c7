#if os(Linux)
    internal import CCourierCurl
    import Foundation

    /// One thread that drives a libcurl multi handle: it starts, pauses, resumes and cancels
    /// transfers as other threads ask, waits in `curl_multi_poll` while the network is quiet, and
    /// hands results back through the transfers' continuations. Swift's cooperative pool never
    /// blocks on the network.
    ///
    /// Other threads talk to the loop through ``submit(_:)`` and, as a task executor, through
    /// `enqueue(_:)` (CurlEventLoop+Executor.swift) only: a locked inbox and `curl_multi_wakeup`,
    /// which libcurl allows from any thread. The thread starts with the first transfer or job and
    /// ends once the transport is gone and its last transfer and job have ended.
    final class CurlEventLoop: @unchecked Sendable {
        // @unchecked Sendable: `multi`, `share`, `active`, `pool`, `parked` and `connections` are
        // used on the loop's thread only (here and in CurlEventLoop+Ending.swift), once it has
        // started (before that, by `init` and `deinit`, which no other thread can overlap).
        // `inbox` is guarded by its lock. curl_multi_wakeup is thread-safe.

        /// What other threads ask of the loop.
        enum Command: Sendable {
            /// Start a transfer.
            case start(CurlTransfer)
            /// Stop a transfer: it ends with `URLError(.cancelled)`.
            case cancel(CurlTransfer)
            /// Resume a transfer paused for its stream's reader.
            case resume(CurlTransfer)
        }

        struct Inbox: Sendable {
            var commands: [Command] = []
            /// Jobs of tasks that prefer the loop as their executor, run between libcurl's rounds.
            var jobs: [UnownedJob] = []
            /// The loop is about to wait, or waits, in curl_multi_poll, and nothing has woken it yet:
            /// the next command or job wakes it, and clears this, so that those after it do not
            /// wake it again (one wake-up reads them all).
            var isWaiting = false
            var isRunning = false
            /// The transport is gone: the loop ends when no transfer and no job is left.
            var isShutDown = false
            /// Transfers on libcurl when the loop last went round (for tests).
            var activeCount = 0
            /// Easy handles kept for reuse when the loop last went round (for tests).
            var pooledCount = 0
            /// Easy handles made by then (for tests).
            var handlesMade = 0
        }

        let multi: UnsafeMutableRawPointer
        /// The fork generation (see `courier_curl_fork_generation`) of the process that made the loop.
        let generation = courier_curl_fork_generation()
        private let share: UnsafeMutableRawPointer?
        let settings: CurlSettings
        private let inbox = LockedValue(Inbox())
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var pool: [CurlEasyHandle] = []
        /// The sockets of the multi handle's connections (see ``CurlConnections``).
        private let connections = CurlConnections()
        /// Transfers whose caller has its answer, left on libcurl until their name lookup ends
        /// (see ``CurlResolverRelease/parking``); kept alive for their callbacks' sake.
        var parked: [UnsafeMutableRawPointer: (transfer: CurlTransfer, easy: CurlEasyHandle)] = [:]
        /// Easy handles kept for reuse: this many at least, and while the loop is busy, as many as
        /// were on libcurl at once since it last had none (``busiest``); each holds a receive
        /// buffer only while in use. A fixed 256 made a fresh handle for most transfers at 1,024 in
        /// flight: libcurl builds one (5.4 KiB, set up) and frees another where a pooled one is
        /// reset. Back to this many once the loop has no transfer left.
        let poolFloor = 256
        /// The most transfers on libcurl at once since it last had none (see ``poolFloor``).
        var busiest = 0
        /// How many easy handles the loop has made (for tests).
        var handlesMade = 0
        /// No active transfer times out before this (nanoseconds, monotonic): a lower bound, so that
        /// a round looks at every transfer's deadline only once one may have passed, not each time
        /// (64 transfers in flight meant 64 looks a round). Activity only moves deadlines later;
        /// what can move one earlier (a transfer starting, a paused one resuming) lowers it.
        var earliestDeadline = UInt64.max
        /// The easy handles libcurl reported done in this round, with their result codes (kept
        /// between rounds for its capacity; see ``collectFinished()``).
        private var doneMessages: [(easy: UnsafeMutableRawPointer, code: Int32)] = []

        /// - Throws: `URLError(.cannotLoadFromNetwork)` when libcurl cannot make a multi handle.
        init(settings: CurlSettings) throws {
            guard let multi = courier_curl_multi_init() else { throw URLError(.cannotLoadFromNetwork) }
            self.multi = multi
            self.settings = settings
            courier_curl_multi_setopt_long(multi, COURIER_CURLMOPT_PIPELINING, Int(COURIER_CURLPIPE_MULTIPLEX))
            courier_curl_multi_setopt_long(
                multi, COURIER_CURLMOPT_MAX_HOST_CONNECTIONS, max(settings.configuration.maximumConnectionsPerHost, 0))
            share = courier_curl_share_init()
            if let share {
                courier_curl_share_setopt_lock(share, COURIER_CURLSHOPT_SHARE, COURIER_CURL_LOCK_DATA_COOKIE)
            }
        }

        deinit {
            pool.removeAll()
            courier_curl_multi_cleanup(multi)
            if let share { courier_curl_share_cleanup(share) }
        }

        /// Hands `command` to the loop, starting its thread if needed. Never blocks.
        func submit(_ command: Command) {
            post { $0.commands.append(command) }
        }

        /// Puts something in the inbox with `put` and makes sure the loop sees it: starts its
        /// thread when it has none, wakes it when it waits and nobody woke it yet. Never blocks.
        func post(_ put: (inout Inbox) -> Void) {
            let (wake, start) = inbox.withLock { inbox -> (Bool, Bool) in
                put(&inbox)
                let wake = inbox.isWaiting
                let start = !inbox.isRunning
                inbox.isWaiting = false
                inbox.isRunning = true
                return (wake, start)
            }
            if start {
                let thread = Thread { [self] in run() }
                thread.name = "Courier.CurlTransport"
                thread.start()
            } else if wake {
                courier_curl_multi_wakeup(multi)
            }
        }

        /// How many transfers were on libcurl when the loop last went round.
        var activeCount: Int { inbox.withLock { $0.activeCount } }
        /// How many easy handles were kept for reuse, and how many made in all, when the loop
        /// last went round.
        var handleCounts: (pooled: Int, made: Int) { inbox.withLock { ($0.pooledCount, $0.handlesMade) } }

        /// Lets the loop end once its last transfer has ended (the transport is being released).
        func shutDown() {
            let wake = inbox.withLock { inbox -> Bool in
                defer { inbox.isWaiting = false }
                inbox.isShutDown = true
                return inbox.isWaiting
            }
            if wake { courier_curl_multi_wakeup(multi) }
        }

        // MARK: - The loop

        private func run() {
            // Every libcurl call that may write to a socket runs on this thread (see
            // courier_curl_block_sigpipe for the libcurl versions that need it).
            courier_curl_block_sigpipe()
            courier_curl_name_thread("Courier.Curl")
            var running: Int32 = 0
            var commands: [Command] = []
            var jobs: [UnownedJob] = []
            while true {
                inbox.withLock { inbox in swap(&commands, &inbox.commands) }
                for command in commands { handle(command) }
                commands.removeAll(keepingCapacity: true)
                courier_curl_multi_perform(multi, &running)
                collectFinished()
                // Tasks whose answers collectFinished just gave go on here, without a thread hop
                // (those that prefer the loop as their executor).
                inbox.withLock { inbox in swap(&jobs, &inbox.jobs) }
                runJobs(jobs)
                jobs.removeAll(keepingCapacity: true)
                let timeout = expireTimers()
                let step = inbox.withLock { inbox -> Step in
                    inbox.activeCount = active.count + parked.count
                    inbox.pooledCount = pool.count
                    inbox.handlesMade = handlesMade
                    if !inbox.commands.isEmpty || !inbox.jobs.isEmpty { return .again }
                    if inbox.isShutDown, active.isEmpty, parked.isEmpty {
                        inbox.isRunning = false
                        return .exit
                    }
                    inbox.isWaiting = true
                    return .wait
                }
                switch step {
                case .again: continue
                case .exit: return
                case .wait:
                    courier_curl_multi_poll(multi, timeout, nil)
                    inbox.withLock { $0.isWaiting = false }
                }
            }
        }

        private enum Step {
            case again, wait, exit
        }

        private func handle(_ command: Command) {
            switch command {
            case .start(let transfer):
                start(transfer)
            case .cancel(let transfer):
                guard let easy = transfer.easy, active[easy.pointer] === transfer else { return }
                finish(transfer, .failure(URLError(.cancelled)))
            case .resume(let transfer):
                guard let easy = transfer.easy, active[easy.pointer] === transfer else { return }
                transfer.resumeReceiving()
                noteDeadline(of: transfer)
            }
        }

        func start(_ transfer: CurlTransfer) {
            guard !transfer.isCancelled else {
                transfer.complete(.failure(URLError(.cancelled)))
                return
            }
            guard let easy = pool.popLast() ?? makeHandle() else {
                transfer.complete(.failure(URLError(.cannotLoadFromNetwork)))
                return
            }
            add(transfer, on: easy)
        }

        /// Configures `easy` for the transfer's current plan and adds it to the multi handle.
        private func add(_ transfer: CurlTransfer, on easy: CurlEasyHandle) {
            guard transfer.configure(easy, share: share, connections: connections),
                courier_curl_multi_add_handle(multi, easy.pointer) == 0
            else {
                recycle(easy)
                transfer.complete(.failure(URLError(.cannotLoadFromNetwork)))
                return
            }
            active[easy.pointer] = transfer
            busiest = max(busiest, active.count + parked.count)
            noteDeadline(of: transfer)
        }

        /// Ends the transfers libcurl reports done, or sends their next redirect. Every message is
        /// read before any handle is removed: libcurl (before 8.22) looks through the messages
        /// still queued each time a handle leaves, so removing each as it was read walked a queue of
        /// up to hundreds for each (113 → 83 CPU µs a request at 1,024 in flight).
        private func collectFinished() {
            var pointer: UnsafeMutableRawPointer?
            var code: Int32 = 0
            while courier_curl_multi_next_done(multi, &pointer, &code) != 0 {
                if let pointer { doneMessages.append((pointer, code)) }
            }
            defer { doneMessages.removeAll(keepingCapacity: true) }
            for (pointer, code) in doneMessages {
                if let (_, easy) = parked.removeValue(forKey: pointer) {
                    // Its lookup has ended, so removing it no longer waits.
                    courier_curl_multi_remove_handle(multi, pointer)
                    recycle(easy)
                    continue
                }
                guard let transfer = active[pointer], let easy = transfer.easy else { continue }
                if code == COURIER_CURLE_OK || transfer.cutRedirectBody, transfer.hasRedirect {
                    followRedirect(transfer, from: easy)
                } else if transfer.needsFreshConnection {
                    restartOnFreshConnection(transfer, from: easy)
                } else {
                    finish(transfer, transfer.outcome(code))
                }
            }
        }
    }
#endif
