#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// The event loop looks at its transfers' deadlines only once the earliest may have passed:
    /// whatever can bring a deadline earlier than the loop last worked out (a transfer that starts
    /// with a shorter timeout, a paused stream whose reader catches up) must still time out on time.
    final class CurlTimerTests: XCTestCase {
        private static func request(_ url: URL, timeout: TimeInterval) -> TransportRequest {
            var urlRequest = URLRequest(url: url)
            urlRequest.timeoutInterval = timeout
            return TransportRequest(urlRequest: urlRequest)
        }

        /// Runs `operation`, failing the test if it has not ended after `limit`.
        private func within<Value: Sendable>(
            _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
        ) async throws -> Value {
            try await withThrowingTaskGroup(of: Value?.self) { group in
                group.addTask { try await operation() }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                guard let value = try await group.next() ?? nil else {
                    XCTFail("still waiting after \(limit)")
                    throw CancellationError()
                }
                return value
            }
        }

        func test_aShortTimeout_startedAfterALongOne_firesOnTime() async throws {
            // Given: a transfer that waits 30 s for an answer that never comes
            let base = try MisbehavingServer.baseURL()
            let transport = try CurlTransport()
            let waiting = Self.request(base.appendingPathComponent("stall"), timeout: 30)
            let long = Task { try await transport.send(waiting) }
            defer { long.cancel() }
            try await Task.sleep(for: .milliseconds(300))

            // When: one with a 0.5 s timeout starts beside it
            let started = ContinuousClock.now
            let quick = Self.request(base.appendingPathComponent("stall"), timeout: 0.5)
            let short: URLError? = try await within(.seconds(10)) {
                do {
                    _ = try await transport.send(quick)
                    return nil
                } catch let error as URLError {
                    return error
                }
            }

            // Then
            XCTAssertEqual(short?.code, .timedOut)
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(3), "the 30 s deadline hid the 0.5 s one")
        }

        func test_aStreamResumedAfterALongPause_stillTimesOutWhenTheServerGoesQuiet() async throws {
            // Given: 8 MiB at once, then silence; a reader that waits past the idle timeout first
            let base = try MisbehavingServer.baseURL()
            let transport = try CurlTransport()
            let stream = try await transport.stream(
                Self.request(base.appendingPathComponent("burst-then-stall"), timeout: 0.5))
            try await Task.sleep(for: .milliseconds(1500))  // paused meanwhile: no idle timeout

            // When: it reads all there is, and the server sends nothing more
            let outcome: (bytes: Int, error: URLError?) = try await within(.seconds(15)) {
                var bytes = 0
                do {
                    for try await chunk in stream.body { bytes += chunk.count }
                    return (bytes, nil)
                } catch let error as URLError {
                    return (bytes, error)
                }
            }

            // Then
            XCTAssertEqual(outcome.error?.code, .timedOut)
            XCTAssertEqual(outcome.bytes, 8 << 20)
        }
    }
#endif
