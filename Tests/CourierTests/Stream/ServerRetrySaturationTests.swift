import CourierTestSupport
import CourierTesting
import XCTest

@testable import Courier

/// A server's `retry:` is a number from outside: whatever it says, the waits it leads to saturate at
/// the policy's maximum instead of overflowing (issue 21, item 6).
final class ServerRetrySaturationTests: XCTestCase {
    /// 99999999999999999999999999 ms: more than `Int.max`, which the parser saturates to.
    private static let hugeRetry = "99999999999999999999999999"

    func test_delay_serverRetryBeyondAnyDuration_isTheMaximumAtEveryAttempt() {
        // Given
        let policy = ReconnectionPolicy(maximumAttempts: 100, maximumDelay: .seconds(30))

        for attempt in 1...100 {
            // When
            let delay = policy.delay(attempt: attempt, serverRetry: .milliseconds(Int.max))

            // Then
            XCTAssertEqual(delay, .seconds(30), "attempt \(attempt)")
        }
    }

    func test_delay_hugeMaximumAndHugeRetry_saturatesAtTheMaximum() {
        // Given: an app's own maximum far beyond any real wait
        let maximum = Duration.seconds(Int64.max)
        let policy = ReconnectionPolicy(maximumDelay: maximum)

        // When
        let delays = (1...64).map { policy.delay(attempt: $0, serverRetry: .seconds(Int64.max / 2)) }

        // Then: the first wait is the server's, later ones grow to the maximum and stay there
        XCTAssertEqual(delays.first, .seconds(Int64.max / 2))
        XCTAssertTrue(delays.allSatisfy { $0 <= maximum })
        XCTAssertEqual(Set(delays.dropFirst(2)), [maximum])
    }

    func test_waitOfTheLongestDuration_onTheContinuousClock_waitsUntilCancelled() async {
        // Given: an app's own maximum, the longest Duration there is
        let policy = ReconnectionPolicy(initialDelay: .seconds(Int64.max), maximumDelay: .seconds(Int64.max))
        let wait = Task { try await policy.sleep(policy.delay(attempt: 1, serverRetry: nil)) }

        // When
        try? await Task.sleep(for: .milliseconds(50))
        wait.cancel()

        // Then: a wait, not a trap in the clock's arithmetic, and it ends when cancelled
        let result = await wait.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func test_delay_negativeOrZeroInputs_neverWaitLessThanZero() {
        // Given
        let policy = ReconnectionPolicy(initialDelay: .seconds(-5), maximumDelay: .seconds(-1))

        // Then
        XCTAssertEqual(policy.delay(attempt: 1, serverRetry: nil), .zero)
        XCTAssertEqual(policy.delay(attempt: Int.max, serverRetry: .zero), .zero)
        XCTAssertEqual(policy.delay(attempt: Int.min, serverRetry: .milliseconds(10)), .zero)
    }

    func test_streamWithAHugeRetry_reconnects24Times_thenThrowsTheLastError() async throws {
        // Given: a stream whose server asks for an absurd reconnection time, then drops
        let clock = ManualClock()
        let failures = Array(repeating: ScriptedReconnections.Answer.failure(URLError(.cannotConnectToHost)), count: 24)
        let server = ScriptedReconnections(failures)
        let fed = FedStream(reconnect: server.reconnect)
        fed.send(["retry: \(Self.hugeRetry)\ndata: a\n\n"], error: URLError(.networkConnectionLost))
        let policy = ReconnectionPolicy(maximumAttempts: 24, maximumDelay: .seconds(30), clock: clock)
        let reading = Task { try await fed.stream.events(reconnecting: policy).collect() }

        // When: every wait is the maximum
        for attempt in 1...24 {
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(30))
            try await waitForStreamCondition { server.attempts == attempt }
        }

        // Then
        do {
            _ = try await reading.value
            XCTFail("expected the last reconnection's error")
        } catch {
            guard case .underlying(let underlying, _) = error as? CourierError else { return XCTFail("got \(error)") }
            XCTAssertEqual((underlying as? URLError)?.code, .cannotConnectToHost)
        }
    }

    func test_eventDescription_hugeRetry_writesASaturatedNumber() {
        // Given
        let events = [
            ServerSentEvent(data: "a", retry: .seconds(Int64.max)),
            ServerSentEvent(data: "b", retry: .seconds(Int64.min)),
        ]

        // When
        let texts = events.map(\.description)

        // Then
        XCTAssertEqual(texts[0], "retry: \(Int64.max)\ndata: a\n\n")
        XCTAssertEqual(texts[1], "retry: 0\ndata: b\n\n")
    }
}
