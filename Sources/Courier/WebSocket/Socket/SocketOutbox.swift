#if os(Linux)
    import Foundation

    /// The frames a socket has yet to write, in order: a message's frames in the order sent, control
    /// frames (pongs, pings, the close) ahead of data frames not yet started, so that a pong never
    /// waits behind a long message. Tracks which sends have been written whole.
    struct SocketOutbox {
        private struct Frame {
            let bytes: Data
            let isControl: Bool
            /// The send this frame ends, if it is a message's last.
            let completes: UInt64?
        }

        private var frames: [Frame] = []
        private var head = 0
        /// Bytes of the head frame already written.
        private var offset = 0
        /// The last send whose frames were all written; sends are numbered from 1, in order.
        private(set) var lastCompleted: UInt64 = 0
        private var lastQueued: UInt64 = 0

        var isEmpty: Bool { head == frames.count }

        /// Queues a message's frames; returns the number of its send.
        mutating func append(message frames: [Data]) -> UInt64 {
            lastQueued += 1
            for (index, bytes) in frames.enumerated() {
                self.frames.append(
                    Frame(bytes: bytes, isControl: false, completes: index == frames.count - 1 ? lastQueued : nil))
            }
            return lastQueued
        }

        /// Queues a control frame ahead of every data frame not yet started, after the control
        /// frames already waiting.
        mutating func append(control bytes: Data) {
            var index = head + (offset > 0 ? 1 : 0)
            while index < frames.count && frames[index].isControl { index += 1 }
            frames.insert(Frame(bytes: bytes, isControl: true, completes: nil), at: index)
        }

        /// What writing stopped at.
        enum Flush: Equatable {
            /// Everything was written.
            case drained
            /// The connection took no more: wait until it can.
            case blocked
            /// The connection failed.
            case failed(String)
        }

        /// Writes frames to `connection` until it is drained or would block.
        mutating func flush(to connection: any ByteConnection) -> Flush {
            defer { compact() }
            while head < frames.count {
                let frame = frames[head]
                let result = frame.bytes.withUnsafeBytes { bytes in
                    connection.send(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                }
                switch result {
                case .transferred(let count):
                    offset += count
                    if offset >= frame.bytes.count {
                        if let completes = frame.completes { lastCompleted = completes }
                        head += 1
                        offset = 0
                    } else if count == 0 {
                        return .blocked
                    }
                case .wouldBlock:
                    return .blocked
                case .failed(let reason):
                    return .failed(reason)
                }
            }
            return .drained
        }

        /// Drops written frames once they are most of the array.
        private mutating func compact() {
            if head == frames.count {
                frames.removeAll(keepingCapacity: frames.count <= 64)
                head = 0
            } else if head >= 32 && head * 2 >= frames.count {
                frames.removeFirst(head)
                head = 0
            }
        }
    }
#endif
