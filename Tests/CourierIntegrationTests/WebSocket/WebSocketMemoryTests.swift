#if os(Linux)
    import Courier
    import CourierTestSupport
    import Foundation
    import XCTest

    /// A server that would send 1 GiB to a reader that stops reading: the socket stops reading
    /// too, TCP holds the server back, and memory stays within a few MiB; once the reader goes on,
    /// the whole GiB passes through the same few MiB.
    ///
    /// Runs with `COURIER_MEMORY_TESTS=1` (scripts/test.sh sets it), over the default transport (the
    /// test command runs it over both).
    final class WebSocketMemoryTests: XCTestCase {
        override func setUpWithError() throws {
            try XCTSkipUnless(
                ProcessInfo.processInfo.environment["COURIER_MEMORY_TESTS"] == "1",
                "set COURIER_MEMORY_TESTS=1 to run the memory tests (scripts/test.sh does)")
        }

        func test_pausedReaderOfA1GiBFlood_holdsTheServerBackAndMemoryWithinAFewMiB() async throws {
            // Given: a server that sends 1 GiB in 1 MiB messages, as fast as the socket takes them
            let sent = Locked(0)
            let chunk = WebSocketTestConnection.frame(opcodeBits: 2, [UInt8](repeating: 0x5A, count: 1 << 20))
            let server = try WebSocketTestServer { connection in
                connection.acceptHandshake(try connection.readHandshake())
                for _ in 0..<1024 {
                    connection.write(chunk)
                    sent.withLock { $0 += chunk.count }
                }
                connection.answerClose()
            }
            defer { server.stop() }
            var configuration = WebSocketConfiguration.quick
            configuration.maximumMessageSize = 2 << 20
            let socket = try await Provider<SocketTarget>().webSocket(
                SocketTarget(server.url, configuration: configuration))
            var messages = socket.messages.makeAsyncIterator()
            _ = try await messages.next()
            let start = try ResidentMemory.mebibytes()
            let peak = Locked(start)
            let sampling = ResidentMemory.samplePeak(into: peak)

            // When: the reader pauses for two seconds
            try await Task.sleep(for: .seconds(2))
            let sentWhilePaused = sent.withLock { $0 }
            let pausedGrowth = peak.withLock { $0 } - start
            // then reads the rest
            var received = 1
            while let message = try await messages.next() {
                received += 1
                if received == 1024 {
                    XCTAssertEqual(message.data.count, 1 << 20)
                    break
                }
            }
            sampling.cancel()
            let growth = peak.withLock { $0 } - start
            await socket.close()

            // Then
            print(
                "WebSocket flood over \(type(of: DefaultTransport.shared)): \(sentWhilePaused >> 20) MiB sent while "
                    + "paused, RSS grew \(pausedGrowth) MiB paused and \(growth) MiB over the whole GiB")
            XCTAssertLessThan(sentWhilePaused, 64 << 20, "the server was not held back")
            XCTAssertLessThan(pausedGrowth, 8, "RSS grew by \(pausedGrowth) MiB while paused")
            XCTAssertLessThan(growth, 16, "RSS grew by \(growth) MiB while 1 GiB passed")
            XCTAssertEqual(received, 1024)
        }
    }
#endif
