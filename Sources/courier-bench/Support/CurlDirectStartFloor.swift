#if os(Linux)
    import CCourierCurl
    import Foundation

    /// Issue 36 goal 3's prototype, with no Courier code: the bare libcurl loop of ``CurlFloor`` with
    /// one hand-off less than ``CurlHandoffFloor``. The calling task adds its transfer and starts it
    /// itself (`curl_multi_socket_action` under the multi handle's lock, on the caller's thread), and
    /// libcurl registers the connection's socket with epoll from there, so the loop's thread, asleep
    /// in `epoll_wait`, is not woken to start the request: it wakes once, when the server answers,
    /// and resumes the caller. When the loop holds the lock (it is reading an answer), the caller does
    /// not wait for it: it hands its request over as ``CurlHandoffFloor`` does.
    final class CurlDirectStartFloor: @unchecked Sendable {
        // @unchecked Sendable: `multi`, `idle`, `busy`, `inbox`, `timeout` and `isStopped` are used
        // under `lock` only (libcurl's callbacks run inside calls made under it); `epoll` and `wake`
        // are file descriptors, used from any thread.
        private let floor: CurlFloor
        private let multi: UnsafeMutableRawPointer
        private let epoll: Int32
        private let wake: Int32
        private let lock = NSLock()
        private var idle: [CurlFloor.Handle]
        private var busy: [UnsafeMutableRawPointer: (CurlFloor.Handle, CheckedContinuation<Void, any Error>)] = [:]
        private var inbox: [CheckedContinuation<Void, any Error>] = []
        /// What libcurl's timer callback last asked: milliseconds until socket_action(TIMEOUT), -1 none.
        private var timeout = -1
        private var isStopped = false
        /// The loop waits in epoll_wait and nothing has woken it yet.
        private var isWaiting = false

        /// Requests started on the caller's thread, and those handed to the loop because it held the
        /// lock (for the row's note).
        private(set) var startedByCaller = 0
        private(set) var handedOver = 0

        /// Drives `floor`'s handles (one per request in flight) with a loop thread started here.
        init(_ floor: CurlFloor) throws {
            guard let multi = courier_curl_multi_init() else { throw BenchError.unexpected("curl_multi_init failed") }
            let epoll = courier_epoll_create()
            let wake = courier_eventfd_create()
            guard epoll >= 0, wake >= 0, courier_epoll_watch(epoll, wake, Int32(COURIER_CURL_POLL_IN)) == 0 else {
                throw BenchError.unexpected("epoll: \(String(cString: strerror(errno)))")
            }
            self.floor = floor
            self.multi = multi
            self.epoll = epoll
            self.wake = wake
            idle = floor.handles
            let context = Unmanaged.passUnretained(self).toOpaque()
            courier_curl_multi_setopt_socket_callback(multi, directSocketCallback, context)
            courier_curl_multi_setopt_timer_callback(multi, directTimerCallback, context)
            let thread = Thread { [self] in run() }
            thread.name = "bench.CurlDirectStartFloor"
            thread.start()
        }

        /// Starts one request on the caller's thread and waits for it without blocking.
        func request() async throws {
            try await withCheckedThrowingContinuation { continuation in
                guard lock.try() else {
                    // The loop is reading an answer: hand the request over rather than wait for it.
                    handOver(continuation)
                    return
                }
                guard busy.isEmpty || !Self.startsOnlyWhenIdle else {
                    // Other transfers are on the loop, which is awake for them anyway: starting this
                    // one here too would put two threads on libcurl's state (more CPU, measured).
                    lock.unlock()
                    handOver(continuation)
                    return
                }
                startedByCaller += 1
                start(continuation)
                drive(COURIER_CURL_SOCKET_TIMEOUT, mask: 0)
                let finished = collectFinished()
                lock.unlock()
                for (continuation, result) in finished { continuation.resume(with: result) }
            }
        }

        /// Starts a request on the caller's thread only when no other transfer is in flight
        /// (`COURIER_BENCH_DIRECT_ALWAYS=1`: always, when the lock is free).
        static let startsOnlyWhenIdle = ProcessInfo.processInfo.environment["COURIER_BENCH_DIRECT_ALWAYS"] != "1"

        private func handOver(_ continuation: CheckedContinuation<Void, any Error>) {
            lock.lock()
            inbox.append(continuation)
            handedOver += 1
            // One wake-up reads every request handed over (as CurlHandoffFloor's and Courier's loops).
            let wakes = isWaiting
            isWaiting = false
            lock.unlock()
            if wakes { courier_eventfd_signal(wake) }
        }

        /// Runs `count` requests, `width` at a time, from tasks of the cooperative pool.
        func run(_ count: Int, width: Int) async throws {
            try await Concurrently.run(count, width: width) { try await self.request() }
        }

        /// Ends the loop's thread (the handles stay with `floor`).
        func stop() {
            lock.lock()
            isStopped = true
            isWaiting = false
            lock.unlock()
            courier_eventfd_signal(wake)
        }

        fileprivate func watch(_ socket: Int32, _ what: Int32) {
            courier_epoll_watch(epoll, socket, what)
        }

        fileprivate func setTimer(_ milliseconds: Int) {
            // Called under the lock. A sooner deadline than the loop waits for wakes it.
            let sooner = milliseconds >= 0 && (timeout < 0 || milliseconds < timeout)
            timeout = milliseconds
            if sooner, milliseconds > 0 { courier_eventfd_signal(wake) }
        }

        private func run() {
            var fds = [Int32](repeating: 0, count: 64)
            var masks = [Int32](repeating: 0, count: 64)
            while true {
                lock.lock()
                if isStopped {
                    lock.unlock()
                    break
                }
                let wait = inbox.isEmpty ? Int32(clamping: timeout) : 0
                isWaiting = wait != 0
                lock.unlock()
                let ready = courier_epoll_wait(epoll, &fds, &masks, 64, wait)
                lock.lock()
                isWaiting = false
                for index in 0..<max(Int(ready), 0) {
                    if fds[index] == wake {
                        courier_eventfd_drain(wake)
                    } else {
                        drive(fds[index], mask: masks[index])
                    }
                }
                let requests = inbox
                inbox.removeAll(keepingCapacity: true)
                for continuation in requests { start(continuation) }
                if ready == 0 || !requests.isEmpty || timeout == 0 { drive(COURIER_CURL_SOCKET_TIMEOUT, mask: 0) }
                let finished = collectFinished()
                lock.unlock()
                for (continuation, result) in finished { continuation.resume(with: result) }
            }
            for (_, continuation) in busy.values { continuation.resume(throwing: CancellationError()) }
            courier_curl_multi_cleanup(multi)
            close(epoll)
            close(wake)
        }

        /// socket_action on `socket`, again while libcurl asks for an immediate timeout (under the lock).
        private func drive(_ socket: Int32, mask: Int32) {
            var running: Int32 = 0
            courier_curl_multi_socket_action(multi, socket, mask, &running)
            var rounds = 0
            while timeout == 0, rounds < 4 {
                timeout = -1
                courier_curl_multi_socket_action(multi, COURIER_CURL_SOCKET_TIMEOUT, 0, &running)
                rounds += 1
            }
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

        private func collectFinished() -> [(CheckedContinuation<Void, any Error>, Result<Void, any Error>)] {
            var finished: [(CheckedContinuation<Void, any Error>, Result<Void, any Error>)] = []
            var pointer: UnsafeMutableRawPointer?
            var code: Int32 = 0
            while courier_curl_multi_next_done(multi, &pointer, &code) != 0 {
                guard let pointer, let (handle, continuation) = busy.removeValue(forKey: pointer) else { continue }
                courier_curl_multi_remove_handle(multi, pointer)
                idle.append(handle)
                if code != 0 {
                    finished.append(
                        (continuation, .failure(BenchError.unexpected("libcurl failed: \(CurlFloor.describe(code))"))))
                } else {
                    finished.append((continuation, Result { try floor.check(handle) }))
                }
            }
            return finished
        }
    }

    private let directSocketCallback: courier_curl_multi_socket_callback = { _, socket, what, context, _ in
        guard let context else { return 0 }
        Unmanaged<CurlDirectStartFloor>.fromOpaque(context).takeUnretainedValue().watch(socket, what)
        return 0
    }

    private let directTimerCallback: courier_curl_multi_timer_callback = { _, milliseconds, context in
        guard let context else { return 0 }
        Unmanaged<CurlDirectStartFloor>.fromOpaque(context).takeUnretainedValue().setTimer(milliseconds)
        return 0
    }
#endif
