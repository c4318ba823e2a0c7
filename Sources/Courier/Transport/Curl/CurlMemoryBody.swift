#if os(Linux)
    import Foundation

    /// A response body kept in memory as it arrives, in one buffer sized from its announced length:
    /// a reused one from ``CurlBodyBuffers`` for a large body that arrives as it is, else the
    /// `Data`'s own. Used on the event loop's thread only.
    struct CurlMemoryBody {
        private var data = Data()
        /// The buffer when it comes from ``CurlBodyBuffers`` (a large body of announced length).
        private var pooled: (pointer: UnsafeMutableRawPointer, capacity: Int)?

        /// Makes room for `length` bytes. A content-encoded body gets the `Data`'s own room: its
        /// announced length is not the decoded one.
        mutating func reserve(_ length: Int, isEncoded: Bool) {
            if !isEncoded, let capacity = CurlBodyBuffers.capacity(for: length) {
                pooled = (CurlBodyBuffers.shared.take(capacity: capacity), capacity)
            } else {
                data.reserveCapacity(length)
            }
        }

        /// Appends `bytes`, which go at `offset` of the body.
        mutating func keep(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
            guard let base = bytes.baseAddress else { return }
            if let (pointer, capacity) = pooled {
                if offset + bytes.count <= capacity {
                    (pointer + offset).copyMemory(from: base, byteCount: bytes.count)
                    return
                }
                // More than announced: carry on in a Data of its own.
                pooled = nil
                data = Data(bytes: pointer, count: offset)
                CurlBodyBuffers.shared.giveBack(pointer, capacity: capacity)
            }
            data.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }

        /// The body of `count` bytes, handed over once (a pooled buffer goes back when the `Data`
        /// is released).
        mutating func take(count: Int) -> Data {
            guard let (pointer, capacity) = pooled else {
                defer { data = Data() }
                return data
            }
            pooled = nil
            return CurlBodyBuffers.shared.data(pointer, count: count, capacity: capacity)
        }

        /// Lets go of the body unread.
        mutating func release() {
            data = Data()
            if let (pointer, capacity) = pooled {
                pooled = nil
                CurlBodyBuffers.shared.giveBack(pointer, capacity: capacity)
            }
        }
    }
#endif
