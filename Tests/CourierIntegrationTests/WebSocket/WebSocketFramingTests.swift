#if os(Linux)
    import Courier
    import CourierTestSupport
    import Foundation
    import XCTest

    /// Autobahn's class 1 (framing): text and binary messages of every length encoding, both ways,
    /// against a scripted server; what the client sent is read off the wire.
    final class WebSocketFramingTests: XCTestCase {
        /// Lengths around the 7-bit, 16-bit and 64-bit encodings (Autobahn 1.1.1–1.1.8, 1.2.1–1.2.8).
        static let lengths = [0, 125, 126, 127, 128, 65535, 65536, 1 << 20]

        func test_textMessages_everyLengthEncoding_arriveWholeAndEchoMasked() async throws {
            for length in Self.lengths {
                let text = String(repeating: "*", count: length)
                let server = try WebSocketTestServer { connection in
                    connection.acceptHandshake(try connection.readHandshake())
                    connection.sendText(text)
                    let echo = try connection.readFrame()
                    guard echo.isMasked, echo.opcode == 1, echo.isFinal || length > 65536, echo.payload.count <= length
                    else { throw WebSocketTestConnection.Failure(description: "bad echo frame \(echo.opcode)") }
                    _ = try connection.expectCloseAfter(first: echo, expectedLength: length)
                }
                defer { server.stop() }
                let socket = try await Provider<SocketTarget>().webSocket(
                    SocketTarget(server.url, configuration: .quick))
                var iterator = socket.messages.makeAsyncIterator()
                let message = try await iterator.next()
                XCTAssertEqual(message, .text(text), "length \(length)")
                try await socket.send(.text(text))
                await socket.close()
                XCTAssertTrue(server.waitForScripts())
                XCTAssertEqual(server.failures, [], "length \(length)")
            }
        }

        func test_binaryMessages_everyLengthEncoding_arriveWhole() async throws {
            for length in Self.lengths {
                let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
                let server = try WebSocketTestServer { connection in
                    connection.acceptHandshake(try connection.readHandshake())
                    connection.sendFrame(.binary, bytes)
                    let message = try connection.readMessage()
                    guard message.opcode == 2, message.payload == bytes else {
                        throw WebSocketTestConnection.Failure(description: "bad echo of \(length) bytes")
                    }
                    let close = try connection.expectClose()
                    connection.sendClose(code: close.code)
                }
                defer { server.stop() }
                let socket = try await Provider<SocketTarget>().webSocket(
                    SocketTarget(server.url, configuration: .quick))
                var iterator = socket.messages.makeAsyncIterator()
                let message = try await iterator.next()
                XCTAssertEqual(message, .binary(Data(bytes)), "length \(length)")
                try await socket.send(.binary(Data(bytes)))
                await socket.close()
                XCTAssertEqual(socket.closeCode, .normalClosure)
                XCTAssertTrue(server.waitForScripts())
                XCTAssertEqual(server.failures, [], "length \(length)")
            }
        }
    }

    extension WebSocketTestConnection {
        /// Reads the rest of a message whose first frame was `first`, then the close, and answers it.
        func expectCloseAfter(first: Frame, expectedLength: Int) throws -> UInt16? {
            var payload = first.payload
            var last = first
            while !last.isFinal {
                last = try readFrame()
                payload += last.payload
            }
            guard payload.count == expectedLength else {
                throw Failure(description: "the message had \(payload.count) bytes, not \(expectedLength)")
            }
            let close = try expectClose()
            sendClose(code: close.code)
            return close.code
        }
    }
#endif
