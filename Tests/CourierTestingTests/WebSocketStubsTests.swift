import Courier
import CourierTestSupport
import CourierTesting
import XCTest

/// `Provider.webSocket` on stubs: scripted conversations on a virtual clock, through the pipeline.
final class WebSocketStubsTests: XCTestCase {
    private enum Chat: TargetType, Equatable {
        case room(String)

        var baseURL: URL { URL(string: "wss://chat.example.com")! }
        var path: String {
            guard case .room(let id) = self else { return "" }
            return "/rooms/\(id)"
        }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .webSocket(protocols: ["chat.v2"]) }
    }

    func test_conversation_sendsExpectsAndClosesAsScripted() async throws {
        // Given
        let stubs = Stubs<Chat>().on(
            .room("swift"),
            .webSocket(
                WebSocketScript(
                    subprotocol: "chat.v2",
                    [
                        .send(.text("welcome")), .expect(.text("hello")), .send(.text("hi")),
                        .close(.normalClosure, reason: "bye"),
                    ]
                )))
        let socket = try await Provider(stubs: stubs).webSocket(.room("swift"))
        var messages = socket.messages.makeAsyncIterator()

        // When
        let welcome = try await messages.next()
        try await socket.send(.text("hello"))
        let reply = try await messages.next()
        let end = try await messages.next()

        // Then
        XCTAssertEqual([welcome, reply, end], [.text("welcome"), .text("hi"), nil])
        XCTAssertEqual(socket.negotiatedProtocol, "chat.v2")
        XCTAssertEqual(socket.closeCode, .normalClosure)
        XCTAssertEqual(socket.closeReason, "bye")
    }

    func test_conversation_whenTheClientSendsSomethingElse_closesWith1008SayingWhat() async throws {
        let stubs = Stubs<Chat>().on(.room("swift"), .webSocket([.expect(.text("hello"))]))
        let socket = try await Provider(stubs: stubs).webSocket(.room("swift"))
        try await socket.send(.text("goodbye"))
        for try await _ in socket.messages {}
        XCTAssertEqual(socket.closeCode, .policyViolation)
        XCTAssertEqual(socket.closeReason, "the script expected text(5 bytes), got text(7 bytes)")
    }

    func test_conversation_onAManualClock_sendsEachMessageOnlyWhenTheClockMoves() async throws {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<Chat>(delays: .manual(clock))
            .on(.room("swift"), .webSocket(.messages([.text("one"), .text("two")], every: .seconds(5))))
        let socket = try await Provider(stubs: stubs).webSocket(.room("swift"))
        var messages = socket.messages.makeAsyncIterator()
        let first = try await messages.next()

        // When
        await clock.waitForSleepers(1)
        let second = Task { try await messages.next() }
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(clock.sleeperCount, 1, "the second message waits for the clock")
        clock.advance(by: .seconds(5))

        // Then
        XCTAssertEqual(first, .text("one"))
        let secondMessage = try await second.value
        XCTAssertEqual(secondMessage, .text("two"))
    }

    func test_echoConversation_answersEveryMessageAndTheClose() async throws {
        let socket = try await Provider(stubs: Stubs<Chat>().on(.room("swift"), .webSocket(.echo))).webSocket(
            .room("swift"))
        try await socket.send(.binary(Data([1, 2, 3])))
        var messages = socket.messages.makeAsyncIterator()
        let echo = try await messages.next()
        await socket.close(code: .goingAway)
        XCTAssertEqual(echo, .binary(Data([1, 2, 3])))
        XCTAssertEqual(socket.closeCode, .goingAway)
    }

    func test_refusedHandshake_failsWithItsStatusAndBody() async {
        let stubs = Stubs<Chat>().on(.room("swift"), .webSocket(.refused(401, body: Data("who?".utf8))))
        do {
            _ = try await Provider(stubs: stubs).webSocket(.room("swift"))
            XCTFail("a socket opened")
        } catch {
            guard case .statusCode(let response) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(response.statusCode, 401)
            XCTAssertEqual(response.data, Data("who?".utf8))
        }
    }

    func test_droppedConnection_failsTheReaderWithConnectionLost() async throws {
        let stubs = Stubs<Chat>().on(.room("swift"), .webSocket([.send(.text("last")), .dropConnection]))
        let socket = try await Provider(stubs: stubs).webSocket(.room("swift"))
        var received: [WebSocketMessage] = []
        do {
            for try await message in socket.messages { received.append(message) }
            XCTFail("the loop ended cleanly")
        } catch {
            guard case .underlying(WebSocketError.connectionLost, _) = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(received, [.text("last")])
    }
}
