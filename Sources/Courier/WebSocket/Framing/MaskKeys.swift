#if os(Linux)
    internal import CCourierCurl
#endif

/// The mask keys of a client's frames (RFC 6455 §10.3): each one fresh from the system's random
/// source and used once. They are fetched 256 at a time, since on Linux every call to the random
/// source is a system call (a few microseconds under load), which one per frame would add to every
/// message's round trip.
struct MaskKeys {
    private var pool: [UInt32] = []
    private var next = 0

    /// The next key.
    mutating func take() -> UInt32 {
        if next >= pool.count { refill() }
        defer { next += 1 }
        return pool[next]
    }

    private mutating func refill() {
        pool = [UInt32](repeating: 0, count: 256)
        next = 0
        #if os(Linux)
            let filled = pool.withUnsafeMutableBytes { courier_random_bytes($0.baseAddress, $0.count) == 0 }
            if filled { return }
        #endif
        var generator = SystemRandomNumberGenerator()
        for index in pool.indices { pool[index] = UInt32.random(in: .min ... .max, using: &generator) }
    }
}
