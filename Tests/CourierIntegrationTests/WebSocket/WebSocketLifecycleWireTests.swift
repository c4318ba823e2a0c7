#if os(Linux)
    import Courier
    import CourierTestSupport
    import Foundation
    import XCTest

    /// How a socket closes, pings and refuses, as the server sees it.
    final class WebSocketLifecycleWireTests: XCTestCase {
        private typealias Connection = WebSocketTestConnection

        /// The close code a server read, once its script ended.
        private final class SeenClose: Sendable {
            let value = LockedValue<(code: UInt16?, reason: String)?>(nil)
            var code: UInt16? { value.withLock { $0?.code } }
        }

        private func open(
            _ configuration: WebSocketConfiguration = .quick,
            _ script: @escaping @Sendable (Connection) throws -> Void
        ) async throws -> (WebSocket, WebSocketTestServer) {
            let server = try WebSocketTestServer { connection in
                connection.acceptHandshake(try connection.readHandshake())
                try script(connection)
            }
            let socket = try await Provider<SocketTarget>().webSocket(
                SocketTarget(server.url, configuration: configuration))
            return (socket, server)
        }

        func test_readingTaskCancelled_closesWith1001AndThrowsCancelled() async throws {
            let seen = SeenClose()
            let (socket, server) = try await open { connection in
                let close = try connection.expectClose()
                seen.value.withLock { $0 = close }
                connection.sendClose(code: close.code)
            }
            defer { server.stop() }
            let reading = Task { await drain(socket) }
            try await Task.sleep(for: .milliseconds(100))
            reading.cancel()
            let outcome = await reading.value
            XCTAssertEqual(outcome.error?.isCancelled, true)
            XCTAssertTrue(server.waitForScripts())
            XCTAssertEqual(seen.code, 1001)
        }

        func test_socketNobodyHolds_closesWith1001() async throws {
            let seen = SeenClose()
            var (socket, server): (WebSocket?, WebSocketTestServer) = try await open { connection in
                let close = try connection.expectClose()
                seen.value.withLock { $0 = close }
            }
            defer { server.stop() }
            XCTAssertNotNil(socket)
            socket = nil
            XCTAssertTrue(server.waitForScripts())
            XCTAssertEqual(seen.code, 1001)
        }

        func test_close_withCodeAndReason_reachesTheServerAndReportsItsEcho() async throws {
            let seen = SeenClose()
            let (socket, server) = try await open { connection in
                let close = try connection.expectClose()
                seen.value.withLock { $0 = close }
                connection.sendClose(code: close.code, reason: "see you")
            }
            defer { server.stop() }
            await socket.close(code: WebSocketCloseCode(rawValue: 4001), reason: "bye")
            XCTAssertEqual(seen.value.withLock { $0?.code }, 4001)
            XCTAssertEqual(seen.value.withLock { $0?.reason }, "bye")
            XCTAssertEqual(socket.closeCode?.rawValue, 4001)
            XCTAssertEqual(socket.closeReason, "see you")
            let outcome = await drain(socket)
            XCTAssertNil(outcome.error)
        }

        func test_close_neverAnswered_dropsTheConnectionAfterTheCloseTimeout() async throws {
            let (socket, server) = try await open { connection in
                _ = try connection.expectClose()
                _ = connection.waitForEnd(timeout: 5)
            }
            defer { server.stop() }
            let started = ContinuousClock.now
            await socket.close()
            let waited = ContinuousClock.now - started
            XCTAssertGreaterThanOrEqual(waited, .milliseconds(900))
            XCTAssertLessThan(waited, .seconds(3))
            XCTAssertEqual(socket.closeCode, .abnormalClosure)
            let outcome = await drain(socket)
            XCTAssertEqual(outcome.error?.webSocketError, .closeTimedOut)
            XCTAssertTrue(server.waitForScripts())
        }

        func test_send_afterClose_failsWithNotOpen() async throws {
            let (socket, server) = try await open { $0.answerClose() }
            defer { server.stop() }
            await socket.close()
            do {
                try await socket.send(.text("late"))
                XCTFail("sent")
            } catch {
                XCTAssertEqual(error.webSocketError, .notOpen(.normalClosure))
            }
        }

        func test_ping_isAnsweredByTheServersPong() async throws {
            let (socket, server) = try await open { connection in
                let ping = try connection.readFrame()
                guard ping.opcode == 9, ping.isMasked else { throw Connection.Failure(description: "no ping") }
                connection.sendFrame(.pong, ping.payload)
                connection.answerClose()
            }
            defer { server.stop() }
            try await socket.ping()
            await socket.close()
            XCTAssertEqual(server.failures, [])
        }

        func test_pingInterval_sendsPingsAndAMissingPongClosesWith1001() async throws {
            var configuration = WebSocketConfiguration.quick
            configuration.pingInterval = .milliseconds(100)
            configuration.pongTimeout = .milliseconds(300)
            let pings = LockedValue(0)
            let seen = SeenClose()
            let (socket, server) = try await open(configuration) { connection in
                while true {
                    let frame = try connection.readFrame()
                    if frame.opcode == 9 { pings.withLock { $0 += 1 } }
                    if frame.opcode == 8 {
                        seen.value.withLock { $0 = (UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]), "") }
                        return
                    }
                }
            }
            defer { server.stop() }
            let outcome = await drain(socket)
            XCTAssertEqual(outcome.error?.webSocketError, .pongTimedOut)
            XCTAssertTrue(server.waitForScripts())
            XCTAssertEqual(seen.code, 1001)
            XCTAssertGreaterThanOrEqual(pings.withLock { $0 }, 1)
        }

        func test_send_whileTheServerDoesNotRead_waitsUntilItDoes() async throws {
            let reading = LockedValue(false)
            let (socket, server) = try await open { connection in
                usleep(800_000)
                reading.withLock { $0 = true }
                _ = try connection.readMessage()
                connection.answerClose()
            }
            defer { server.stop() }
            try await socket.send(.binary(Data(count: 32 << 20)))
            XCTAssertTrue(reading.withLock { $0 }, "the send returned before the server read")
            await socket.close()
        }

        func test_decodeAndSendEncoding_carryJSONInTextMessages() async throws {
            struct Event: Codable, Equatable {
                let kind: String
                let count: Int
            }
            let (socket, server) = try await open { connection in
                let message = try connection.readMessage()
                guard message.opcode == 1 else { throw Connection.Failure(description: "not text") }
                connection.sendFrame(.text, message.payload)
                connection.sendFrame(.binary, Array(#"{"count":2,"kind":"binary"}"#.utf8))
                connection.sendClose(code: 1000)
                _ = try? connection.expectClose()
            }
            defer { server.stop() }
            try await socket.send(encoding: Event(kind: "text", count: 1))
            var events: [Event] = []
            for try await event in socket.messages.decode(Event.self) { events.append(event) }
            XCTAssertEqual(events, [Event(kind: "text", count: 1), Event(kind: "binary", count: 2)])
        }
    }
#endif
