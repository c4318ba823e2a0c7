#if os(Linux)
    import Courier
    import CourierPlugins
    import CourierTestSupport
    import Foundation
    import XCTest

    /// The opening handshake as it goes over the wire, and every answer that must fail it.
    final class WebSocketHandshakeWireTests: XCTestCase {
        private typealias Connection = WebSocketTestConnection

        /// A server that answers the handshake as `answer` says, records what it read, then closes.
        private func server(
            _ seen: LockedValue<Connection.Handshake?> = LockedValue(nil),
            answer: @escaping @Sendable (Connection, Connection.Handshake) throws -> Void = { connection, handshake in
                connection.acceptHandshake(handshake)
            }
        ) throws -> WebSocketTestServer {
            try WebSocketTestServer { connection in
                let handshake = try connection.readHandshake()
                seen.withLock { $0 = handshake }
                try answer(connection, handshake)
                connection.answerClose()
            }
        }

        func test_handshake_onTheWire_isAnUpgradeGetWithTheTargetsPathHeadersAndTheAccessToken() async throws {
            // Given
            let seen = LockedValue<Connection.Handshake?>(nil)
            let server = try server(seen) { connection, handshake in
                connection.acceptHandshake(handshake, subprotocol: "chat.v2")
            }
            defer { server.stop() }
            var target = SocketTarget(server.url, protocols: ["chat.v2", "chat.v1"], configuration: .default)
            target.path = "/rooms/swift"
            target.headers = ["X-Client": "tests"]
            let provider = Provider<SocketTarget>(plugins: [AccessTokenPlugin { _ in "s3cret" }])

            // When
            let socket = try await provider.webSocket(target)
            await socket.close()

            // Then
            let handshake = try XCTUnwrap(seen.withLock { $0 })
            XCTAssertEqual(handshake.requestLine, "GET /rooms/swift HTTP/1.1")
            XCTAssertEqual(handshake.headers["host"], "127.0.0.1:\(server.port)")
            XCTAssertEqual(handshake.headers["upgrade"], "websocket")
            XCTAssertEqual(handshake.headers["connection"], "Upgrade")
            XCTAssertEqual(handshake.headers["sec-websocket-version"], "13")
            XCTAssertEqual(Data(base64Encoded: handshake.key)?.count, 16)
            XCTAssertEqual(handshake.headers["sec-websocket-protocol"], "chat.v2, chat.v1")
            XCTAssertEqual(handshake.headers["sec-websocket-extensions"], "permessage-deflate; client_max_window_bits")
            XCTAssertEqual(handshake.headers["authorization"], "Bearer s3cret")
            XCTAssertEqual(handshake.headers["x-client"], "tests")
            XCTAssertNil(handshake.headers["accept-encoding"])
            XCTAssertEqual(socket.negotiatedProtocol, "chat.v2")
            XCTAssertEqual(socket.response.statusCode, 101)
        }

        func test_handshake_eachKey_isFresh() async throws {
            let keys = LockedValue<[String]>([])
            let server = try WebSocketTestServer { connection in
                let handshake = try connection.readHandshake()
                keys.withLock { $0.append(handshake.key) }
                connection.acceptHandshake(handshake)
                connection.answerClose()
            }
            defer { server.stop() }
            for _ in 0..<3 {
                let socket = try await Provider<SocketTarget>().webSocket(
                    SocketTarget(server.url, configuration: .quick))
                await socket.close()
            }
            XCTAssertEqual(Set(keys.withLock { $0 }).count, 3)
        }

        func test_handshake_answersThatDoNotCompleteIt_failWithHandshakeRefusedNamingTheHeader() async throws {
            let answers: [(String, @Sendable (Connection, Connection.Handshake) -> Void)] = [
                ("Sec-WebSocket-Accept", { $0.acceptHandshake($1, accept: "dGhlIHNhbXBsZSBub25jZQ==") }),
                ("Upgrade", { $0.acceptHandshake($1, upgrade: "h2c") }),
                ("Connection", { $0.acceptHandshake($1, connection: "keep-alive") }),
                ("subprotocol", { $0.acceptHandshake($1, subprotocol: "other") }),
                ("extension", { $0.acceptHandshake($1, extensions: "permessage-deflate") }),
            ]
            for (header, answer) in answers {
                let server = try server { connection, handshake in answer(connection, handshake) }
                defer { server.stop() }
                do {
                    _ = try await Provider<SocketTarget>().webSocket(SocketTarget(server.url, configuration: .quick))
                    XCTFail("\(header): the socket opened")
                } catch {
                    guard case .handshakeRefused(let reason)? = error.webSocketError else {
                        XCTFail("\(header): \(error)")
                        continue
                    }
                    XCTAssertTrue(reason.lowercased().contains(header.lowercased()), "\(header): \(reason)")
                }
            }
        }

        func test_handshake_refusedWith401_failsWithStatusCodeKeepingTheBodyAndPluginsHearIt() async throws {
            // Given
            let server = try server { connection, _ in
                connection.write(
                    Array(
                        "HTTP/1.1 401 Unauthorized\r\nContent-Length: 6\r\nWWW-Authenticate: Bearer\r\n\r\ndenied".utf8)
                )
            }
            defer { server.stop() }
            let outcomes = LockedValue<[String]>([])
            let plugin = ClosurePlugin { result in
                outcomes.withLock { $0.append((try? result.get()).map { "\($0.statusCode)" } ?? "failure") }
            }

            // When
            var failure: CourierError?
            do {
                _ = try await Provider<SocketTarget>(plugins: [plugin]).webSocket(
                    SocketTarget(server.url, configuration: .quick))
            } catch {
                failure = error
            }

            // Then
            guard case .statusCode(let response)? = failure else { return XCTFail("\(String(describing: failure))") }
            XCTAssertEqual(response.statusCode, 401)
            XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "denied")
            XCTAssertEqual(outcomes.withLock { $0 }, ["failure"])
        }

        func test_handshake_answeredWith200_isRefusedWithStatusCodeWhateverTheValidation() async throws {
            let server = try server { connection, _ in
                connection.write(
                    Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8))
            }
            defer { server.stop() }
            do {
                _ = try await Provider<SocketTarget>().webSocket(SocketTarget(server.url, configuration: .quick))
                XCTFail("the socket opened")
            } catch {
                guard case .statusCode(let response) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(response.statusCode, 200)
                XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "hello")
            }
        }

        func test_handshake_serverThatClosesOrSendsNoHTTP_failsWithBadServerResponse() async throws {
            for answer: @Sendable (Connection) -> Void in [
                { $0.closeConnection() }, { $0.write(Array("SSH-2.0-x\r\n\r\n".utf8)) },
            ] {
                let server = try server { connection, _ in answer(connection) }
                defer { server.stop() }
                do {
                    _ = try await Provider<SocketTarget>().webSocket(SocketTarget(server.url, configuration: .quick))
                    XCTFail("the socket opened")
                } catch {
                    guard case .underlying(let underlying as URLError, nil) = error else { return XCTFail("\(error)") }
                    XCTAssertEqual(underlying.code, .badServerResponse)
                }
            }
        }

        func test_handshake_nobodyListening_failsWithCannotConnectToHost() async throws {
            let server = try WebSocketTestServer { _ in }
            let url = server.url
            server.stop()
            do {
                _ = try await Provider<SocketTarget>().webSocket(SocketTarget(url, configuration: .quick))
                XCTFail("the socket opened")
            } catch {
                guard case .underlying(let underlying as URLError, nil) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(underlying.code, .cannotConnectToHost)
            }
        }

        func test_handshake_cancelledWhileTheServerIsSilent_failsWithCancelledAtOnce() async throws {
            let server = try server { _, _ in usleep(3_000_000) }
            defer { server.stop() }
            let opening = Task {
                try await Provider<SocketTarget>().webSocket(SocketTarget(server.url, configuration: .quick))
            }
            try await Task.sleep(for: .milliseconds(200))
            let started = ContinuousClock.now
            opening.cancel()
            do {
                _ = try await opening.value
                XCTFail("the socket opened")
            } catch let error as CourierError {
                XCTAssertTrue(error.isCancelled, "\(error)")
            }
            XCTAssertLessThan(ContinuousClock.now - started, .milliseconds(500))
        }

        func test_handshake_silentServerPastTheTimeout_failsWithTimedOut() async throws {
            let server = try server { _, _ in usleep(3_000_000) }
            defer { server.stop() }
            let provider = Provider<SocketTarget>(requestClosure: { endpoint in
                var request = try endpoint.urlRequest()
                request.timeoutInterval = 0.3
                return request
            })
            do {
                _ = try await provider.webSocket(SocketTarget(server.url, configuration: .quick))
                XCTFail("the socket opened")
            } catch {
                guard case .underlying(let underlying as URLError, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(underlying.code, .timedOut)
            }
        }
    }

    extension SocketTarget: AccessTokenAuthorizable {
        var authorizationType: AuthorizationType? { .bearer }
    }

    extension WebSocketTestConnection {
        /// Waits for the client's close, if one comes, and answers it with the same code.
        func answerClose() {
            guard let close = try? expectClose() else { return }
            sendClose(code: close.code)
        }
    }

    /// A plugin that hands every `didReceive` to a closure.
    struct ClosurePlugin: PluginType {
        let received: @Sendable (Result<Response, CourierError>) -> Void

        init(_ received: @escaping @Sendable (Result<Response, CourierError>) -> Void) {
            self.received = received
        }

        func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
            received(result)
        }
    }
#endif
