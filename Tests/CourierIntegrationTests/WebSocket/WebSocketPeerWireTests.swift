#if os(Linux)
    import Courier
    import CourierTestSupport
    import Foundation
    import XCTest

    /// Courier's client against an independent implementation of RFC 6455 and RFC 7692: PyPI's
    /// `websockets` (scripts/websocket-server.py, started by scripts/test.sh).
    final class WebSocketPeerWireTests: XCTestCase {
        private func target(_ path: String, protocols: [String] = [], compression: Bool = true) throws -> SocketTarget {
            var configuration = WebSocketConfiguration.quick
            configuration.compression = compression ? .permessageDeflate : .disabled
            // The path and query in the base URL: a target's `path` is literal text, `?` included.
            let server = try TestServer.url(from: "COURIER_WEBSOCKET_URL")
            let url = try XCTUnwrap(URL(string: server.absoluteString + path))
            return SocketTarget(url, protocols: protocols, configuration: configuration)
        }

        func test_echo_withCompressionAgreed_returnsTextAndBinaryOfEverySize() async throws {
            let socket = try await Provider<SocketTarget>().webSocket(
                try target("/echo", protocols: ["chat.v1", "chat.v2"]))
            XCTAssertEqual(socket.negotiatedProtocol, "chat.v2")
            let extensions = socket.response.response?.value(forHTTPHeaderField: "Sec-WebSocket-Extensions") ?? ""
            XCTAssertTrue(extensions.contains("permessage-deflate"), extensions)
            var messages = socket.messages.makeAsyncIterator()
            let largest = ConformanceRunner.isSanitized ? 1 << 20 : 8 << 20
            for size in [0, 1, 125, 126, 65535, 65536, 1 << 20, largest] {
                let text = WebSocketMessage.text(String(repeating: "é", count: size / 2))
                let binary = WebSocketMessage.binary(Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
                for message in [text, binary] {
                    try await socket.send(message)
                    let echo = try await messages.next()
                    XCTAssertEqual(echo, message, "\(size) bytes")
                }
            }
            await socket.close()
            XCTAssertEqual(socket.closeCode, .normalClosure)
        }

        func test_echo_withoutCompression_returnsWhatWasSent() async throws {
            let socket = try await Provider<SocketTarget>().webSocket(try target("/echo", compression: false))
            XCTAssertNil(socket.response.response?.value(forHTTPHeaderField: "Sec-WebSocket-Extensions"))
            try await socket.send(.text("plain"))
            var messages = socket.messages.makeAsyncIterator()
            let echo = try await messages.next()
            XCTAssertEqual(echo, .text("plain"))
            try await socket.ping()
            await socket.close(code: .goingAway)
        }

        func test_serverClose_withItsCode_endsTheLoopCleanly() async throws {
            let socket = try await Provider<SocketTarget>().webSocket(try target("/close?code=4001"))
            let outcome = await drain(socket)
            XCTAssertNil(outcome.error)
            XCTAssertEqual(socket.closeCode?.rawValue, 4001)
            XCTAssertEqual(socket.closeReason, "closing as asked")
        }

        func test_serverMessagesThenClose_areAllReadInOrder() async throws {
            let socket = try await Provider<SocketTarget>().webSocket(try target("/count?n=100"))
            let outcome = await drain(socket)
            XCTAssertNil(outcome.error)
            XCTAssertEqual(outcome.messages, (1...100).map { .text("message \($0)") })
            XCTAssertEqual(socket.closeReason, "done")
        }
    }
#endif
