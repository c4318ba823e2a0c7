#if os(Linux)
    import CCourierCurl
    import Foundation

    /// The floor of an asynchronous client: the bare libcurl loop of ``CurlFloor`` on a thread of
    /// its own, asked for each request by a Swift task that waits on a continuation, as Courier's
    /// transport is, with none of Courier's code. What it costs beyond ``CurlFloor`` is what any
    /// client pays that never blocks Swift's cooperative pool: the caller's thread wakes the loop,
    /// and the loop wakes a thread of the pool to resume the caller.
    ///
    /// It is also a task executor, as ``CurlTransport/taskExecutor`` is: a task that prefers it
    /// runs between the loop's rounds, so that neither hand-off happens; what is left is the
    /// structure's own cost on one thread.
    final class CurlHandoffFloor: TaskExecutor, @unchecked Sendable {
        // @unchecked Sendable: `inbox`, `isWaiting` and `isStopped` are guarded by `lock`; the rest
        // is used on the loop's thread only.
        private let floor: CurlFloor
        private let multi: UnsafeMutableRawPointer
        private let lock = NSLock()
        private var inbox: [CheckedContinuation<Void, any Error>] = []
        private var jobs: [UnownedJob] = []
        private var isWaiting = false
        private var isStopped = false
        private var idle: [CurlFloor.Handle]
        private var busy: [UnsafeMutableRawPointer: (CurlFloor.Handle, CheckedContinuation<Void, any Error>)] = [:]

        /// Drives `floor`'s handles (one per request in flight) on a thread started here.
        init(_ floor: CurlFloor) throws {
            guard let multi = courier_curl_multi_init() else { throw BenchError.unexpected("curl_multi_init failed") }
            self.floor = floor
            self.multi = multi
            idle = floor.handles
            let thread = Thread { [self] in run() }
            thread.name = "bench.CurlHandoffFloor"
            thread.start()
        }

        /// Performs one request on the loop's thread and waits for it without blocking.
        func request() async throws {
            try await withCheckedThrowingContinuation { continuation in
                post { $0.inbox.append(continuation) }
            }
        }

        /// Runs `count` requests, `width` at a time, from tasks of the cooperative pool.
        func run(_ count: Int, width: Int) async throws {
            try await Concurrently.run(count, width: width) { try await self.request() }
        }

        /// Runs `job` on the loop's thread between rounds.
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            post { $0.jobs.append(job) }
        }

        /// Ends the loop's thread after its current round (the handles stay with `floor`).
        func stop() {
            post { $0.isStopped = true }
        }

        private func post(_ put: (CurlHandoffFloor) -> Void) {
            lock.lock()
            put(self)
            let wake = isWaiting
            isWaiting = false
            lock.unlock()
            if wake { courier_curl_multi_wakeup(multi) }
        }

        private func run() {
            var running: Int32 = 0
            while true {
                lock.lock()
                let (requests, ready, stopped) = (inbox, jobs, isStopped)
                inbox.removeAll(keepingCapacity: true)
                jobs.removeAll(keepingCapacity: true)
                lock.unlock()
                if stopped { break }
                for continuation in requests { start(continuation) }
                courier_curl_multi_perform(multi, &running)
                collectFinished()
                let executor = asUnownedTaskExecutor()
                for job in ready { job.runSynchronously(on: executor) }
                lock.lock()
                let quiet = inbox.isEmpty && jobs.isEmpty && !isStopped
                isWaiting = quiet
                lock.unlock()
                if quiet {
                    courier_curl_multi_poll(multi, 1000, nil)
                    lock.lock()
                    isWaiting = false
                    lock.unlock()
                }
            }
            for (_, continuation) in busy.values { continuation.resume(throwing: CancellationError()) }
            courier_curl_multi_cleanup(multi)
        }

        private func start(_ continuation: CheckedContinuation<Void, any Error>) {
            guard let handle = idle.popLast() else {
                continuation.resume(throwing: BenchError.unexpected("more requests in flight than handles"))
                return
            }
            handle.received = 0
            busy[handle.easy] = (handle, continuation)
            courier_curl_multi_add_handle(multi, handle.easy)
        }

        private func collectFinished() {
            var pointer: UnsafeMutableRawPointer?
            var code: Int32 = 0
            while courier_curl_multi_next_done(multi, &pointer, &code) != 0 {
                guard let pointer, let (handle, continuation) = busy.removeValue(forKey: pointer) else { continue }
                courier_curl_multi_remove_handle(multi, pointer)
                idle.append(handle)
                if code != 0 {
                    continuation.resume(throwing: BenchError.unexpected("libcurl failed: \(CurlFloor.describe(code))"))
                } else {
                    continuation.resume(with: Result { try floor.check(handle) })
                }
            }
        }
    }
#endif
