#if os(Linux)
    import Foundation
    import Glibc
    import XCTest

    @testable import Courier

    /// How the connection under a WebSocket receives: libcurl hands over at most its buffer's size
    /// from one `curl_easy_recv` (16 KiB unless told), and the channel took a read that came back
    /// that short for an empty socket, so a 1 MiB message cost a `poll` and a `recv` for every
    /// 16 KiB. The connection now gives libcurl the transport's receive buffer size, and the channel
    /// reads again, without waiting, after a read as large as the connection hands over.
    final class CurlSocketReceiveTests: XCTestCase {
        func test_receive_takesUpToTheTransportsReceiveBufferSize_notLibcurlsDefault() throws {
            let server = try LoopbackListener()
            defer { server.close() }
            var configuration = CurlTransport.Configuration.default
            configuration.receiveBufferSize = 64 * 1024
            let socket = try CurlSocket.connect(
                host: "127.0.0.1", port: server.port, isSecure: false, settings: CurlSettings(configuration),
                timeout: 5, opening: { _ in }, isCancelled: { false })
            defer { socket.close() }
            let peer = try server.accept()
            defer { Glibc.close(peer) }
            let sent = 48 * 1024
            XCTAssertEqual(LoopbackListener.write(sent, to: peer), sent)
            usleep(100_000)

            XCTAssertEqual(socket.largestRead, 64 * 1024)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 8)
            defer { buffer.deallocate() }
            XCTAssertEqual(socket.receive(into: buffer), .transferred(sent), "one read takes every byte waiting")
            XCTAssertEqual(socket.receive(into: buffer), .wouldBlock)
        }

        func test_receive_intoASmallBuffer_takesOnlyWhatFits_andTheEndComesAfterTheBytes() throws {
            let server = try LoopbackListener()
            defer { server.close() }
            let socket = try CurlSocket.connect(
                host: "127.0.0.1", port: server.port, isSecure: false, settings: CurlSettings(.default),
                timeout: 5, opening: { _ in }, isCancelled: { false })
            defer { socket.close() }
            let peer = try server.accept()
            XCTAssertEqual(LoopbackListener.write(100, to: peer), 100)
            Glibc.close(peer)
            usleep(100_000)

            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)
            defer { buffer.deallocate() }
            XCTAssertEqual(socket.receive(into: buffer), .transferred(64))
            XCTAssertEqual(socket.receive(into: buffer), .transferred(36))
            XCTAssertEqual(socket.receive(into: buffer), .transferred(0), "the peer's end, after its bytes")
        }

        /// The connection below hands over 8 KiB a read and never makes its descriptor readable: a
        /// channel that waited on it after a full read would never see the rest of the message.
        func test_channel_readsOnWithoutWaiting_afterAReadAsLargeAsTheConnectionGives() async throws {
            var frame: [UInt8] = [0x82, 126, UInt8(60_000 >> 8), UInt8(60_000 & 0xFF)]
            frame += (0..<60_000).map { UInt8(truncatingIfNeeded: $0) }
            let connection = try ScriptedConnection(bytes: frame, largestRead: 8 * 1024)
            let channel = FramedChannel(
                connection: connection, agreement: OpeningHandshake.Agreement(subprotocol: nil, compression: nil),
                configuration: WebSocketConfiguration(closeTimeout: .milliseconds(100), compression: .disabled),
                compression: nil)
            Thread.detachNewThread { channel.run(leftover: []) }

            let message = try await withThrowingTaskGroup(of: WebSocketMessage?.self) { group in
                group.addTask { try await channel.next() }
                group.addTask {
                    try await Task.sleep(for: .seconds(5))
                    throw WebSocketError.connectionLost("the channel waited on a socket that had more")
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }

            XCTAssertEqual(message, .binary(Data(frame.dropFirst(4))))
            XCTAssertEqual(connection.reads, [8192, 8192, 8192, 8192, 8192, 8192, 8192, 2660])
            channel.closeWithoutWaiting(code: .normalClosure)
        }
    }

    /// A connection that hands over scripted bytes, at most `largestRead` a read, and whose
    /// descriptor (one end of a socket pair nobody writes to) never becomes readable.
    private final class ScriptedConnection: ByteConnection, @unchecked Sendable {
        // @unchecked Sendable: `pending` and `sizes` are touched only with `lock` held.
        let descriptor: Int32
        private let other: Int32
        let isDrainedByShortRead = true
        let largestRead: Int
        private let lock = NSLock()
        private var pending: [UInt8]
        private var sizes: [Int] = []

        init(bytes: [UInt8], largestRead: Int) throws {
            var ends: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
                throw URLError(.cannotConnectToHost)
            }
            (descriptor, other) = (ends[0], ends[1])
            pending = bytes
            self.largestRead = largestRead
        }

        deinit {
            Glibc.close(descriptor)
            Glibc.close(other)
        }

        /// The size of each read that handed bytes over, in order.
        var reads: [Int] { lock.withLock { sizes } }

        func send(_ bytes: UnsafeRawBufferPointer) -> ByteTransfer { .transferred(bytes.count) }

        func receive(into buffer: UnsafeMutableRawBufferPointer) -> ByteTransfer {
            lock.withLock {
                let count = min(buffer.count, largestRead, pending.count)
                guard count > 0, let base = buffer.baseAddress else { return .wouldBlock }
                pending.withUnsafeBytes { source in
                    if let start = source.baseAddress { base.copyMemory(from: start, byteCount: count) }
                }
                pending.removeFirst(count)
                sizes.append(count)
                return .transferred(count)
            }
        }

        func close() {}
    }

    /// A listening TCP socket on 127.0.0.1, for a test to accept one connection on.
    private struct LoopbackListener {
        let descriptor: Int32
        let port: Int

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(descriptor, generic, length) == 0 && listen(descriptor, 1) == 0
                        && getsockname(descriptor, generic, &length) == 0
                }
            }
            guard descriptor >= 0, bound else { throw URLError(.cannotConnectToHost) }
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        func accept() throws -> Int32 {
            let peer = Glibc.accept(descriptor, nil, nil)
            guard peer >= 0 else { throw URLError(.cannotConnectToHost) }
            return peer
        }

        func close() {
            Glibc.close(descriptor)
        }

        /// Writes `count` bytes to `peer`; how many went.
        static func write(_ count: Int, to peer: Int32) -> Int {
            let bytes = [UInt8](repeating: 0x2A, count: count)
            var written = 0
            while written < count {
                let result = bytes.withUnsafeBytes { buffer in
                    buffer.baseAddress.map { Glibc.write(peer, $0 + written, count - written) } ?? -1
                }
                guard result > 0 else { break }
                written += result
            }
            return written
        }
    }
#endif
