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

        /// Takes the signals given so far, on the waiting thread.
        func drain() {
            guard descriptor >= 0 else { return }
            var bytes = [UInt8](repeating: 0, count: 64)
            while bytes.withUnsafeMutableBytes({ Glibc.read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        }
    }
#endif
