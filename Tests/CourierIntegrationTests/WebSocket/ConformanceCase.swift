#if os(Linux)
    import Courier
    import CourierTestSupport
    import Foundation
    import XCTest

    /// One case of the conformance suite, in the shape of the Autobahn testsuite's client cases: a
    /// scripted server does something, Courier's client echoes every message it reads (as
    /// Autobahn's testee does), and both sides are checked: what reached the server (its script
    /// throws when something else did) and how the client's socket ended.
    struct ConformanceCase: Sendable {
        /// Autobahn's case number, e.g. `2.5`.
        let id: String
        /// What the server does, after it accepted the handshake.
        let server: @Sendable (WebSocketTestConnection) throws -> Void
        /// The messages the client reads before the end.
        var expectedMessages: [WebSocketMessage]?
        /// The code the client's socket reports at the end.
        var expectedCloseCode: WebSocketCloseCode
        /// Whether the client's messages end with an error (the connection failed) or not (a clean
        /// closing handshake).
        var failsClient: Bool
        /// The socket's configuration.
        var configuration: WebSocketConfiguration = .quick
        /// The extensions the server answers the handshake with.
        var extensions: String?

        init(
            _ id: String, messages: [WebSocketMessage]? = nil, closeCode: WebSocketCloseCode, fails: Bool,
            configuration: WebSocketConfiguration = .quick, extensions: String? = nil,
            server: @escaping @Sendable (WebSocketTestConnection) throws -> Void
        ) {
            self.id = id
            self.server = server
            expectedMessages = messages
            expectedCloseCode = closeCode
            failsClient = fails
            self.configuration = configuration
            self.extensions = extensions
        }

        /// A case that ends with the client failing the connection with `code`: the server sees a
        /// close frame with that code, then the connection end.
        static func failing(
            _ id: String, code: WebSocketCloseCode, messages: [WebSocketMessage]? = nil,
            configuration: WebSocketConfiguration = .quick, extensions: String? = nil,
            _ server: @escaping @Sendable (WebSocketTestConnection) throws -> Void
        ) -> ConformanceCase {
            ConformanceCase(
                id, messages: messages, closeCode: code, fails: true, configuration: configuration,
                extensions: extensions
            ) { connection in
                try server(connection)
                try connection.expectClose(code: code)
                guard connection.waitForEnd(timeout: 5) else {
                    throw WebSocketTestConnection.Failure(
                        description: "the client kept the connection open after failing it")
                }
            }
        }

        /// A case the server ends with a clean close of `code` after `server`, which the client must
        /// echo.
        static func closing(
            _ id: String, messages: [WebSocketMessage]? = nil, code: UInt16 = 1000,
            configuration: WebSocketConfiguration = .quick, extensions: String? = nil,
            _ server: @escaping @Sendable (WebSocketTestConnection) throws -> Void
        ) -> ConformanceCase {
            ConformanceCase(
                id, messages: messages, closeCode: WebSocketCloseCode(rawValue: code), fails: false,
                configuration: configuration, extensions: extensions
            ) { connection in
                try server(connection)
                connection.sendClose(code: code)
                try connection.expectClose(code: WebSocketCloseCode(rawValue: code))
            }
        }
    }

    extension WebSocketTestConnection {
        /// Reads frames until a close (echoes and pongs before it are skipped) and checks its code.
        func expectClose(code: WebSocketCloseCode?) throws {
            while true {
                let frame = try readFrame()
                guard frame.opcode == 8 else { continue }
                let received = frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : nil
                guard received == code?.rawValue else {
                    throw Failure(
                        description:
                            "the client closed with \(received.map(String.init) ?? "no code"), not \(code.map { String($0.rawValue) } ?? "no code")"
                    )
                }
                return
            }
        }

        /// Reads the client's next frame and checks it is a message or control frame of `opcode`
        /// with `payload`.
        func expect(_ opcode: Opcode, _ payload: [UInt8]) throws {
            let frame = try readFrame()
            guard frame.opcode == opcode.rawValue, frame.payload == payload, frame.isMasked else {
                throw Failure(
                    description:
                        "expected \(opcode) of \(payload.count) bytes, got opcode \(frame.opcode) of \(frame.payload.count) bytes"
                )
            }
        }

        /// Reads the client's next message (fragments joined) and checks it.
        func expectMessage(_ opcode: Opcode, _ payload: [UInt8]) throws {
            let message = try readMessage()
            guard message.opcode == opcode.rawValue, message.payload == payload else {
                throw Failure(
                    description:
                        "expected a \(opcode) message of \(payload.count) bytes, got \(message.payload.count) bytes")
            }
        }

        /// Writes `bytes` one at a time (Autobahn's "chopped" cases).
        func writeChopped(_ bytes: [UInt8]) {
            for byte in bytes { write([byte]) }
        }
    }

    /// Runs conformance cases against Courier's client over the default transport.
    enum ConformanceRunner {
        /// Whether the tests run under a sanitizer (``SanitizedRun``): the largest messages are left
        /// out there, where a sanitized debug build takes minutes to move them and they find no race
        /// the smaller ones miss.
        static let isSanitized = SanitizedRun.sanitizer != nil

        /// Runs every case; records a failure naming the case for each that does not pass, and
        /// prints the class's pass count.
        static func run(
            _ cases: [ConformanceCase], class name: String, file: StaticString = #filePath, line: UInt = #line
        )
            async
        {
            var passed = 0
            for testCase in cases {
                let problems = await problems(in: testCase)
                if problems.isEmpty {
                    passed += 1
                } else {
                    XCTFail("case \(testCase.id): " + problems.joined(separator: "; "), file: file, line: line)
                }
            }
            print(
                "WebSocket conformance \(name) over \(type(of: DefaultTransport.shared)): \(passed)/\(cases.count) cases passed"
            )
        }

        /// What went wrong in one case; empty when it passed.
        static func problems(in testCase: ConformanceCase) async -> [String] {
            let extensions = testCase.extensions
            let server: WebSocketTestServer
            do {
                server = try WebSocketTestServer { connection in
                    connection.acceptHandshake(try connection.readHandshake(), extensions: extensions)
                    try testCase.server(connection)
                }
            } catch {
                return ["the server did not start: \(error)"]
            }
            defer { server.stop() }
            var problems: [String] = []
            let target = SocketTarget(server.url, configuration: testCase.configuration)
            do {
                let socket = try await Provider<SocketTarget>().webSocket(target)
                var messages: [WebSocketMessage] = []
                var failure: CourierError?
                do {
                    for try await message in socket.messages {
                        messages.append(message)
                        try? await socket.send(message)
                    }
                } catch {
                    failure = error
                }
                if let expected = testCase.expectedMessages, messages != expected {
                    problems.append("the client read \(messages), not \(expected)")
                }
                if (failure != nil) != testCase.failsClient {
                    problems.append("the client's messages ended with \(failure.map { "\($0)" } ?? "no error")")
                }
                if socket.closeCode != testCase.expectedCloseCode {
                    problems.append(
                        "the socket closed with \(socket.closeCode.map { "\($0)" } ?? "nothing"), not \(testCase.expectedCloseCode)"
                    )
                }
            } catch {
                problems.append("the socket did not open: \(error)")
            }
            if !server.waitForScripts(timeout: 15) { problems.append("the server's script did not end") }
            problems += server.failures.map { "server: \($0)" }
            return problems
        }
    }
#endif
