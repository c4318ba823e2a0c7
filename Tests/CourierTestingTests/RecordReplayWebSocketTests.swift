#if os(Linux)
    import Courier
    import CourierTestSupport
    import CourierTesting
    import XCTest

    /// `RecordReplayTransport` with WebSockets: a conversation recorded against a scripted server,
    /// then replayed offline by the same code.
    final class RecordReplayWebSocketTests: XCTestCase {
        private struct Room: TargetType {
            let baseURL: URL
            var path: String { "/rooms/swift" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .webSocket(protocols: ["chat.v2"]) }
            var webSocketConfiguration: WebSocketConfiguration? {
                WebSocketConfiguration(closeTimeout: .seconds(1), compression: .disabled)
            }
        }

        /// What the app does: reads the welcome, says hello, reads until the server closes.
        private func converse(_ provider: Provider<Room>, at url: URL) async throws -> (
            [WebSocketMessage], WebSocketCloseCode?, String?
        ) {
            let socket = try await provider.webSocket(Room(baseURL: url))
            var messages = socket.messages.makeAsyncIterator()
            var read: [WebSocketMessage] = []
            if let welcome = try await messages.next() { read.append(welcome) }
            try await socket.send(.text("hello"))
            try await socket.send(.binary(Data([1, 2, 3])))
            while let message = try await messages.next() { read.append(message) }
            return (read, socket.closeCode, socket.closeReason)
        }

        func test_conversation_recordedThenReplayed_givesTheSameMessagesAndClose() async throws {
            // Given: a server that welcomes, reads two messages, answers and closes
            let server = try WebSocketTestServer { connection in
                connection.acceptHandshake(try connection.readHandshake(), subprotocol: "chat.v2")
                connection.sendText("welcome")
                _ = try connection.readMessage()
                _ = try connection.readMessage()
                connection.sendText("bye")
                connection.sendClose(code: 4000, reason: "done")
                _ = try connection.expectClose()
            }
            defer { server.stop() }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: directory) }

            // When
            let recording = Provider<Room>(transport: RecordReplayTransport(mode: .record(), directory: directory))
            let recorded = try await converse(recording, at: server.url)
            server.stop()
            let replaying = Provider<Room>(transport: RecordReplayTransport(mode: .replay, directory: directory))
            let replayed = try await converse(replaying, at: server.url)

            // Then
            XCTAssertEqual(recorded.0, [.text("welcome"), .text("bye")])
            XCTAssertEqual(recorded.1?.rawValue, 4000)
            XCTAssertEqual(replayed.0, recorded.0)
            XCTAssertEqual(replayed.1, recorded.1)
            XCTAssertEqual(replayed.2, "done")
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            XCTAssertEqual(files.count, 1, "\(files)")
            let json = try String(contentsOf: directory.appendingPathComponent(files[0]), encoding: .utf8)
            XCTAssertTrue(json.contains(#""conversation""#) && json.contains(#""binary" : "AQID""#), json)
        }

        func test_replay_whenTheClientSendsSomethingElse_closesWith1008() async throws {
            let server = try WebSocketTestServer { connection in
                connection.acceptHandshake(try connection.readHandshake())
                connection.sendText("welcome")
                _ = try connection.readMessage()
                _ = try connection.readMessage()
                connection.sendClose(code: 1000)
                _ = try connection.expectClose()
            }
            defer { server.stop() }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: directory) }
            _ = try await converse(
                Provider<Room>(transport: RecordReplayTransport(mode: .record(), directory: directory)), at: server.url)

            let socket = try await Provider<Room>(transport: RecordReplayTransport(mode: .replay, directory: directory))
                .webSocket(Room(baseURL: server.url))
            try await socket.send(.text("something else"))
            for try await _ in socket.messages {}
            XCTAssertEqual(socket.closeCode, .policyViolation)
        }
    }
#endif
