import Courier
import CourierPlugins
import CourierTestSupport
import CourierTesting
import XCTest

/// The logger on a stubbed WebSocket: the handshake as a request, messages when asked, the close.
final class NetworkLoggerWebSocketTests: XCTestCase {
    private enum Chat: TargetType, Equatable {
        case room
        var baseURL: URL { URL(string: "wss://chat.example.com")! }
        var path: String { "/rooms/swift" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .webSocket(protocols: []) }
        var headers: [String: String]? { ["Authorization": "Bearer s3cr3t"] }
    }

    private func converse(logging options: NetworkLoggerPlugin.Configuration.LogOptions) async throws -> LogRecorder {
        let log = LogRecorder()
        let stubs = Stubs<Chat>().on(
            .room,
            .webSocket([
                .send(.text(#"{"password":"hunter2","text":"hi"}"#)), .expect(.binary(Data([0, 1, 2, 0xFF]))),
                .close(.normalClosure, reason: "bye"),
            ]))
        let provider = Provider(stubs: stubs, plugins: [log.logger(options)])
        let socket = try await provider.webSocket(.room)
        try await socket.send(.binary(Data([0, 1, 2, 0xFF])))
        for try await _ in socket.messages {}
        for _ in 0..<100 where !log.text.contains("closed with") { try await Task.sleep(for: .milliseconds(10)) }
        return log
    }

    func test_messagesWhenAsked_areLoggedRenderedAndRedacted_andTheCloseInOneLine() async throws {
        let log = try await converse(logging: [.requestHeaders, .webSocketMessages])
        XCTAssertTrue(log.text.contains("wss://chat.example.com/rooms/swift"), log.text)
        XCTAssertTrue(
            log.text.contains("WebSocket Sent: binary(4 bytes) <4 bytes, application/octet-stream>"), log.text)
        XCTAssertTrue(log.text.contains("WebSocket Received: text(34 bytes)"), log.text)
        XCTAssertTrue(log.text.contains("WebSocket: closed with 1000 (normal closure), reason \"bye\""), log.text)
        XCTAssertFalse(log.text.contains("hunter2"), log.text)
        XCTAssertFalse(log.text.contains("s3cr3t"), log.text)
    }

    func test_messagesWhenNotAsked_areNotLogged() async throws {
        let log = try await converse(logging: .verbose)
        XCTAssertFalse(log.text.contains("WebSocket Sent"), log.text)
        XCTAssertFalse(log.text.contains("WebSocket Received"), log.text)
        XCTAssertTrue(log.text.contains("WebSocket: closed with 1000"), log.text)
    }
}
