#if os(Linux)
    import Foundation
    import Glibc

    /// The blocking reads and writes of an opening handshake on a connection that does not block:
    /// each waits with `poll` for at most the idle timeout, and ends early when the opening is
    /// cancelled (its wakeup fires).
    struct SocketHandshakeIO {
        /// The most of a refused answer's body that is read: 64 KiB.
        static let bodyLimit = 64 * 1024
        /// The longest a refused answer's body is read for: 5 seconds.
        static let bodyTime: Duration = .seconds(5)

        let socket: any ByteConnection
        let wakeup: SocketWakeup
        /// The idle timeout, in seconds.
        let timeout: TimeInterval
        let isCancelled: () -> Bool

        /// Writes all of `bytes`.
        /// - Throws: `URLError(.timedOut)`, `URLError(.networkConnectionLost)`, `CancellationError`.
        func write(_ bytes: Data) throws {
            var offset = 0
            while offset < bytes.count {
                let result = bytes.withUnsafeBytes { socket.send(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
                switch result {
                case .transferred(let count): offset += count
                case .wouldBlock: try wait(for: Int16(POLLOUT), until: .now + .seconds(timeout))
                case .failed(let reason): throw Self.lost(reason)
                }
            }
        }

        /// Reads the answer's head; returns it and the bytes that came after it.
        /// - Throws: `URLError(.badServerResponse)` for bytes that are no HTTP/1.x head, or a
        ///   connection that ends before one; otherwise as ``write(_:)``.
        func readHead() throws -> (ResponseHead, leftover: [UInt8]) {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                switch receive(into: &buffer) {
                case .transferred(0):
                    throw URLError(
                        .badServerResponse,
                        userInfo: [
                            NSLocalizedDescriptionKey:
                                "The server closed the connection before answering the WebSocket handshake."
                        ])
                case .transferred(let count):
                    received += buffer[..<count]
                    switch ResponseHead.parse(received) {
                    case .head(let head, let length):
                        // An interim answer (100 Continue) is skipped; the next head follows it.
                        if head.statusCode < 200 && head.statusCode != 101 {
                            received.removeFirst(length)
                            continue
                        }
                        return (head, Array(received[length...]))
                    case .incomplete: continue
                    case .invalid(let reason):
                        throw URLError(
                            .badServerResponse,
                            userInfo: [
                                NSLocalizedDescriptionKey:
                                    "The server's answer to the WebSocket handshake is not HTTP: \(reason)."
                            ])
                    }
                case .wouldBlock: try wait(for: Int16(POLLIN), until: .now + .seconds(timeout))
                case .failed(let reason): throw Self.lost(reason)
                }
            }
        }

        /// The start of a refused answer's body: what its framing says, at most ``bodyLimit`` bytes,
        /// read for at most ``bodyTime``. Whatever goes wrong, what was read so far.
        func readBody(of head: ResponseHead, after leftover: [UInt8]) -> Data {
            let isChunked = head.field("Transfer-Encoding")?.lowercased().contains("chunked") == true
            let length = isChunked ? nil : head.field("Content-Length").flatMap { Int($0) }
            var body = leftover
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            let deadline = ContinuousClock.now + Self.bodyTime
            func isComplete() -> Bool {
                if body.count >= Self.bodyLimit { return true }
                if let length { return body.count >= length }
                return isChunked && ChunkedBody.isComplete(body)
            }
            reading: while !isComplete() {
                switch receive(into: &buffer) {
                case .transferred(0), .failed: break reading
                case .transferred(let count): body += buffer[..<count]
                case .wouldBlock:
                    do {
                        try wait(for: Int16(POLLIN), until: deadline)
                    } catch {
                        break reading
                    }
                }
            }
            let framed = isChunked ? ChunkedBody.decode(body) : Array(body.prefix(length ?? body.count))
            return Data(framed.prefix(Self.bodyLimit))
        }

        private func receive(into buffer: inout [UInt8]) -> ByteTransfer {
            buffer.withUnsafeMutableBytes { socket.receive(into: $0) }
        }

        /// Waits until the socket is ready for `events`.
        /// - Throws: `CancellationError` when the opening was cancelled, `URLError(.timedOut)` at `deadline`.
        private func wait(for events: Int16, until deadline: ContinuousClock.Instant) throws {
            while true {
                if isCancelled() { throw CancellationError() }
                let now = ContinuousClock.now
                guard now < deadline else { throw URLError(.timedOut) }
                let (seconds, attoseconds) = (deadline - now).components
                let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
                if wakeup.wait(on: socket.descriptor, for: events, timeout: milliseconds) != 0 { return }
            }
        }

        private static func lost(_ reason: String) -> URLError {
            URLError(.networkConnectionLost, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }
#endif
