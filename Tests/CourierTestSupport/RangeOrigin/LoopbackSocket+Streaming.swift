import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket calls ``RangeOrigin`` needs beyond ``RecordingServer``'s: blocking writes that say
/// whether the peer is still there, and shutting a connection down from another thread.
extension LoopbackSocket {
    /// Writes all of `bytes`; `false` when the peer has gone.
    static func sendAll(_ bytes: Data, to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard var base = buffer.baseAddress else { return true }
            var remaining = buffer.count
            while remaining > 0 {
                #if canImport(Darwin)
                    let sent = Darwin.send(descriptor, base, remaining, 0)
                #else
                    let sent = Glibc.send(descriptor, base, remaining, Int32(MSG_NOSIGNAL))
                #endif
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                base += sent
                remaining -= sent
            }
            return true
        }
    }

    /// Makes `descriptor` block on reads and writes (an accepted socket may inherit the
    /// listener's non-blocking mode).
    static func setBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }

    /// Ends both directions of `descriptor`, waking a thread blocked on it.
    static func shutdown(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = Darwin.shutdown(descriptor, SHUT_RDWR)
        #else
            _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        #endif
    }
}
