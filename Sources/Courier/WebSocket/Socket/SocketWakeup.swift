#if os(Linux)
    import Glibc

    /// Wakes a thread waiting in `poll` on a socket: a pipe whose reading end it polls too.
    final class SocketWakeup: Sendable {
        /// The descriptor to poll for reading; `-1` when no pipe could be made (the waiting thread
        /// then polls in short slices instead).
        let descriptor: Int32
        private let writer: Int32

        init() {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                (descriptor, writer) = (-1, -1)
                return
            }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            (descriptor, writer) = (ends[0], ends[1])
        }

        deinit {
            if descriptor >= 0 {
                Glibc.close(descriptor)
                Glibc.close(writer)
            }
        }

        /// Wakes the waiting thread, from any thread. (A full pipe already wakes it.)
        func signal() {
            guard writer >= 0 else { return }
            var one: UInt8 = 1
            _ = Glibc.write(writer, &one, 1)
        }

        /// Waits until `socket` is ready for `events`, a signal arrives, or `timeout` milliseconds
        /// pass (`-1`: no timeout), and takes the signals given so far; returns the socket's
        /// `revents` (0 when only a signal or the timeout ended the wait). Without a pipe, waits
        /// 50 ms at most.
        ///
        /// The pipe is read only when `poll` says it holds a signal: a WebSocket's thread waits here
        /// once for every message that arrives (and every piece of a large one), and an empty read
        /// of the pipe each time cost a system call for nothing.
        func wait(on socket: Int32, for events: Int16, timeout: Int32) -> Int16 {
            guard descriptor >= 0 else {
                var one = pollfd(fd: socket, events: events, revents: 0)
                let ready = poll(&one, 1, timeout < 0 ? 50 : min(timeout, 50))
                return ready > 0 ? one.revents : 0
            }
            var both = (
                pollfd(fd: socket, events: events, revents: 0),
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            )
            let ready = withUnsafeMutableBytes(of: &both) { bytes in
                poll(bytes.baseAddress?.assumingMemoryBound(to: pollfd.self), 2, timeout)
            }
            guard ready > 0 else { return 0 }
            if both.1.revents != 0 { drain() }
            return both.0.revents
        }

        /// Takes the signals given so far.
        private func drain() {
            withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { bytes in
                while Glibc.read(descriptor, bytes.baseAddress, bytes.count) > 0 {}
            }
        }
    }
#endif
