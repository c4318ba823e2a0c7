#if os(Linux)
    import Foundation

    /// Buffers for large response bodies of announced length, reused from one response to the next.
    ///
    /// A response body is handed to the caller as a `Data` that owns its buffer, so every body
    /// needs fresh memory. For bodies of a megabyte, fresh memory means faulting in hundreds of pages
    /// per response (glibc gives blocks that size back to the kernel once freed, more so when they
    /// are freed on another thread than the one that allocated them): in a profile of 16 concurrent
    /// 1 MiB GETs, a third of the process's time. So a body's `Data` returns its buffer here when it
    /// is released, and the next body of that size class reuses it, pages already mapped.
    ///
    /// Size classes are powers of two from 64 KiB to 64 MiB. At most ``idleLimit`` bytes wait here
    /// unused; beyond that, released buffers are freed.
    final class CurlBodyBuffers: Sendable {
        /// The buffers of one process.
        static let shared = CurlBodyBuffers()

        /// The most memory kept idle for reuse: 16 MiB.
        let idleLimit = 16 << 20
        /// Bodies smaller than this (64 KiB) are cheap enough to allocate as they come.
        static let smallest = 64 << 10
        /// Bodies larger than this (64 MiB) are rare enough to allocate as they come.
        static let largest = 64 << 20

        /// Idle buffers by capacity, as addresses: while idle they belong to this object alone.
        private struct Idle {
            var buffers: [Int: [UInt]] = [:]
            var bytes = 0
        }

        private let idle = LockedValue(Idle())

        deinit {
            idle.withLock { idle in
                for address in idle.buffers.values.joined() {
                    UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
                }
            }
        }

        /// The bytes of the buffers waiting for reuse.
        var idleBytes: Int { idle.withLock { $0.bytes } }

        /// The capacity of the size class that holds `count` bytes, or `nil` when `count` is outside
        /// the classes.
        static func capacity(for count: Int) -> Int? {
            guard count >= smallest, count <= largest else { return nil }
            var capacity = smallest
            while capacity < count { capacity <<= 1 }
            return capacity
        }

        /// A buffer of exactly `capacity` bytes (a size class), reused when one is idle.
        func take(capacity: Int) -> UnsafeMutableRawPointer {
            let reused = idle.withLock { idle -> UInt? in
                guard let address = idle.buffers[capacity]?.popLast() else { return nil }
                idle.bytes -= capacity
                return address
            }
            return reused.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
                ?? .allocate(byteCount: capacity, alignment: 16)
        }

        /// Takes back a buffer from ``take(capacity:)``, keeping it for reuse within the idle limit.
        func giveBack(_ pointer: UnsafeMutableRawPointer, capacity: Int) {
            let address = UInt(bitPattern: pointer)
            let kept = idle.withLock { idle -> Bool in
                guard idle.bytes + capacity <= idleLimit else { return false }
                idle.buffers[capacity, default: []].append(address)
                idle.bytes += capacity
                return true
            }
            if !kept { pointer.deallocate() }
        }

        /// `count` bytes of `pointer` as a `Data` that gives the buffer back when it is released.
        func data(_ pointer: UnsafeMutableRawPointer, count: Int, capacity: Int) -> Data {
            Data(
                bytesNoCopy: pointer, count: count,
                deallocator: .custom { [self] released, _ in giveBack(released, capacity: capacity) })
        }
    }
#endif
