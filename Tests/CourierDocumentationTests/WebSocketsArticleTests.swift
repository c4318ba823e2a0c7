import Courier
import CourierPlugins
import CourierTestSupport
import CourierTesting
import XCTest

// The WebSockets article's code, line for line.
private enum Chat: TargetType {
    case room(String)
    var baseURL: URL { URL(string: "wss://chat.example.com")! }
    var path: String { if case .room(let id) = self { "/rooms/\(id)" } else { "" } }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .webSocket(protocols: ["chat.v2"]) }
}

private struct ChatEvent: Codable, Sendable {
    let kind: String
    let text: String?
}

@MainActor
private final class ChatModel {
    private let provider: Provider<Chat>
    private var socket: WebSocket?
    private(set) var lines: [String] = []

    init(provider: Provider<Chat>) {
        self.provider = provider
    }

    func join(_ room: String) async {
        do {
            let socket = try await provider.webSocket(.room(room))
            self.socket = socket
            for try await message in socket.messages {
                if case .text(let text) = message { lines.append(text) }
            }
        } catch {
            lines.append("disconnected")
        }
    }

    func send(_ text: String) {
        Task { try? await socket?.send(.text(text)) }
    }
}

final class WebSocketsArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/WebSockets.md", by: #filePath)
    }

    private func stubbed(_ steps: [WebSocketScript.Step]) -> Provider<Chat> {
        let stubs = Stubs<Chat>()
        stubs.on(where: { _ in true }, .webSocket(steps))
        return Provider(stubs: stubs)
    }

    func test_overview_sendsReadsAndCloses() async throws {
        // Given
        let provider = stubbed([
            .expect(.text("hello")), .send(.text("hi")), .send(.binary(Data([1, 2]))),
            .close(.normalClosure, reason: ""),
        ])
        var seen: [String] = []
        func print(_ items: Any...) { seen.append(items.map { "\($0)" }.joined(separator: " ")) }

        // When
        let socket = try await provider.webSocket(.room("swift"))
        try await socket.send(.text("hello"))
        for try await message in socket.messages {
            switch message {
            case .text(let text): print(text)
            case .binary(let data): print(data.count, "bytes")
            }
        }
        await socket.close(code: .normalClosure, reason: "bye")

        // Then
        XCTAssertEqual(seen, ["hi", "2 bytes"])
        XCTAssertEqual(socket.closeCode, .normalClosure)
    }

    func test_readingAndSending_sendsAndDecodesJSON() async throws {
        let provider = stubbed([.echo])
        let socket = try await provider.webSocket(.room("swift"))
        var kinds: [String] = []
        func print(_ kind: String) {
            kinds.append(kind)
            Task { await socket.close() }
        }
        try await socket.send(encoding: ChatEvent(kind: "say", text: "hello"))
        for try await event in socket.messages.decode(ChatEvent.self) {
            print(event.kind)
        }
        XCTAssertEqual(kinds, ["say"])
    }

    func test_closing_errorsComeInsideCourierError() async throws {
        let provider = stubbed([.send(.text("one")), .dropConnection])
        let socket = try await provider.webSocket(.room("swift"))
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        do {
            for try await message in socket.messages { print(message) }
        } catch {
            if case .underlying(let socketError as WebSocketError, _) = error {
                print(socketError, socket.closeCode ?? .abnormalClosure)
            }
        }
        XCTAssertEqual(printed.count, 2)
        XCTAssertTrue(printed.last?.hasSuffix("1006 (abnormal closure)") ?? false, "\(printed)")
    }

    func test_configuration_isTheProvidersForEverySocket() {
        var configuration = WebSocketConfiguration.default
        configuration.maximumMessageSize = 64 << 20
        configuration.pingInterval = .seconds(20)
        let provider = Provider<Chat>(webSocketConfiguration: configuration)
        XCTAssertEqual(provider.webSocketConfiguration.maximumMessageSize, 64 << 20)
    }

    func test_logger_logsMessagesWhenAsked() {
        let logger = NetworkLoggerPlugin(configuration: .init(logOptions: [.default, .webSocketMessages]))
        let logged = Provider<Chat>(plugins: [logger])
        XCTAssertEqual(logged.plugins.count, 1)
    }

    func test_testing_scriptedConversation() async throws {
        let stubs = Stubs<Chat>()
        stubs.on(
            where: { _ in true },
            .webSocket([
                .send(.text(#"{"kind":"welcome","text":null}"#)),
                .expect(.text("hello")),
                .close(.normalClosure, reason: "bye"),
            ]))
        let stubbed = Provider(stubs: stubs)
        let socket = try await stubbed.webSocket(.room("swift"))
        try await socket.send(.text("hello"))
        let events = try await socket.messages.decode(ChatEvent.self).collect()
        XCTAssertEqual(events.map(\.kind), ["welcome"])
        XCTAssertEqual(socket.closeReason, "bye")
    }

    @MainActor
    func test_chatModel_readsOnTheMainActorAndSendsFromAnAction() async throws {
        let provider = stubbed([
            .send(.text("welcome")), .expect(.text("hi")), .send(.text("hi back")), .close(.normalClosure, reason: ""),
        ])
        let model = ChatModel(provider: provider)
        let joining = Task { await model.join("swift") }
        for _ in 0..<100 where model.lines.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        model.send("hi")
        await joining.value
        XCTAssertEqual(model.lines, ["welcome", "hi back"])
    }
}
