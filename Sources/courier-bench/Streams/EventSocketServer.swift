import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback TCP server of the bench's own, for the streaming latency row: it answers a request
/// with the head of a chunked event stream, then writes each event when the bench tells it to, so
/// the bench knows the moment of every flush. nginx cannot drip, and Python would add its own
/// delays.
final class EventSocketServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    private let listener: Int32

    init() throws {
        #if os(Linux)
            let streamType = Int32(SOCK_STREAM.rawValue)
        #else
            let streamType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw BenchError.unexpected("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw BenchError.unexpected("bind() or listen() failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(listener)
    }

    /// Waits, off Swift's cooperative threads, for the next connection and its request head,
    /// answers with the head of an event stream and returns the connection.
    func nextConnection() async throws -> Connection {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { [listener] in
                continuation.resume(with: Result { try Connection.waitForClient(on: listener) })
            }
        }
    }

    /// One client's connection.
    final class Connection: Sendable {
        private let descriptor: Int32

        private init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        fileprivate static func waitForClient(on listener: Int32) throws -> Connection {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { throw BenchError.unexpected("accept() failed: errno \(errno)") }
            var on: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            let connection = Connection(descriptor: descriptor)
            try connection.readHead()
            try connection.writeAll(
                Data(
                    ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n").utf8))
            return connection
        }

        deinit {
            close(descriptor)
        }

        /// Writes `event` as one chunk of the body; returns the moment just before the write.
        func flush(_ event: Data) throws -> ContinuousClock.Instant {
            var chunk = Data(String(event.count, radix: 16).utf8)
            chunk.append(contentsOf: [13, 10])
            chunk.append(event)
            chunk.append(contentsOf: [13, 10])
            let start = ContinuousClock.now
            try writeAll(chunk)
            return start
        }

        private func readHead() throws {
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while received.range(of: Data("\r\n\r\n".utf8)) == nil {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { throw BenchError.unexpected("the client closed before its request head") }
                received.append(contentsOf: buffer[0..<count])
            }
        }

        private func writeAll(_ data: Data) throws {
            try data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let sent = send(descriptor, base + offset, bytes.count - offset, 0)
                    guard sent > 0 else { throw BenchError.unexpected("send() failed: errno \(errno)") }
                    offset += sent
                }
            }
        }
    }
}
