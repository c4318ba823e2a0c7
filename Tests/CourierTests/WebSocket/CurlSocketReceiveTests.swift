#if os(Linux)
    import Foundation
    import Glibc
    import XCTest

    @testable import Courier

    /// How the connection under a WebSocket receives: libcurl hands over at most its buffer's size
    /// from one `curl_easy_recv`, and a read that came back that short was taken for an empty
    /// socket, so a 1 MiB message cost a `poll` and a `recv` for every 16 KiB. A receive now goes on
    /// while the socket has bytes and the buffer room.
    final class CurlSocketReceiveTests: XCTestCase {
        func test_receive_readsPastLibcurlsBufferSize_whileTheSocketHasBytes() throws {
            let server = try LoopbackListener()
            defer { server.close() }
            var configuration = CurlTransport.Configuration.default
            configuration.receiveBufferSize = 16 * 1024
            let socket = try CurlSocket.connect(
                host: "127.0.0.1", port: server.port, isSecure: false, settings: CurlSettings(configuration),
                timeout: 5, opening: { _ in }, isCancelled: { false })
            defer { socket.close() }
            let peer = try server.accept()
            defer { Glibc.close(peer) }
            let sent = 48 * 1024
            XCTAssertEqual(LoopbackListener.write(sent, to: peer), sent)
            usleep(100_000)

            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 8)
            defer { buffer.deallocate() }
            guard case .transferred(let count) = socket.receive(into: buffer) else {
                return XCTFail("the receive failed")
            }
            XCTAssertEqual(count, sent, "one receive takes every byte waiting, not libcurl's 16 KiB")
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
