import Courier
import CourierPlugins
import CourierTestSupport
import CourierTesting
import XCTest

/// Stubs answered under `RetryPlugin`: each attempt gets its own answer and that answer's own
/// delay, whichever way delays pass. Delays are observed on a `ManualClock` or through the stub
/// behaviour the provider is given for each attempt, never by measuring time.
final class RetryStubSequenceTests: XCTestCase {
    /// Retries a timeout at once, so that only the stubs' own delays are waited for.
    private let retry = RetryPlugin(policy: RetryPolicy(baseDelay: 0, jitter: 0))

    // MARK: - On a manual clock

    func test_delayedTimeoutThenAnswer_waitsForTheDelayOnce() async throws {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<GitHub>(delays: .manual(clock)).on(.zen, .timeout.delayed(seconds: 0.5), .string("ok"))
        let provider = Provider(stubs: stubs, plugins: [retry])
        let request = Task { await provider.result(.zen) }
        await clock.waitForSleepers(1)

        // When: the first delay passes; a second delay would be let through and noted
        clock.advance(by: .milliseconds(500))
        let secondDelay = Task {
            await clock.waitForSleepers(1)
            guard !Task.isCancelled else { return false }
            clock.advance(by: .milliseconds(500))
            return true
        }
        let result = await request.value
        secondDelay.cancel()

        // Then
        XCTAssertEqual(try result.get().mapString(), "ok")
        let waitedTwice = await secondDelay.value
        XCTAssertFalse(waitedTwice, "the first answer's delay was waited for again on the retry")
    }

    func test_timeoutThenDelayedAnswer_waitsForTheSecondAnswersDelay() async throws {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<GitHub>(delays: .manual(clock)).on(.zen, .timeout, .string("ok").delayed(seconds: 0.5))
        let provider = Provider(stubs: stubs, plugins: [retry])
        let ended = Signal()
        let request = Task {
            let result = await provider.result(.zen)
            ended.fire()
            return result
        }

        // When: whichever comes first, the retry waiting on the clock or the request ending
        let waited = await firstOf({ await clock.waitForSleepers(1) }, or: { await ended.wait() })
        clock.advance(by: .milliseconds(500))
        let result = await request.value

        // Then
        XCTAssertTrue(waited, "the second answer came without its delay")
        XCTAssertEqual(try result.get().mapString(), "ok")
    }

    func test_concurrentRequests_eachWaitForTheDelayOfTheAnswerTheyGet() async throws {
        // Given: the first request takes the delayed answer, the second the immediate one
        let clock = ManualClock()
        let stubs = Stubs<GitHub>(delays: .manual(clock)).on(.zen, .string("slow").delayed(seconds: 5), .string("fast"))
        let provider = Provider(stubs: stubs)
        let slow = Task { await provider.result(.zen) }
        await clock.waitForSleepers(1)

        // When
        let fastEnded = Signal()
        let fast = Task {
            let result = await provider.result(.zen)
            fastEnded.fire()
            return result
        }
        let fastWaited = await firstOf({ await clock.waitForSleepers(2) }, or: { await fastEnded.wait() })
        clock.advance(by: .seconds(5))

        // Then
        XCTAssertFalse(fastWaited, "the second request waited for the first answer's delay")
        let fastText = try await fast.value.get().mapString()
        let slowText = try await slow.value.get().mapString()
        XCTAssertEqual(fastText, "fast")
        XCTAssertEqual(slowText, "slow")
    }

    // MARK: - Real delays: the behaviour the provider is given per attempt

    func test_realDelays_eachAttemptGetsItsOwnAnswersDelay() async throws {
        for (responses, expected) in [
            (
                [StubResponse.timeout.delayed(seconds: 0.5), .string("ok")],
                [StubBehavior.delayed(seconds: 0.5), .immediate]
            ),
            ([StubResponse.timeout, .string("ok").delayed(seconds: 0.5)], [.immediate, .delayed(seconds: 0.5)]),
        ] {
            // Given: the behaviours are recorded, then played without waiting
            let stubs = Stubs<GitHub>().on(where: { $0 == .zen }, responses: responses)
            let decided = Locked<[StubBehavior]>([])
            let provider = Provider<GitHub>(
                endpointClosure: stubs.endpointClosure(),
                stubClosure: { target in
                    let behavior = stubs.stubClosure(target)
                    decided.append(behavior)
                    return Provider.withoutDelays { _ in behavior }(target)
                },
                plugins: [retry])

            // When
            let result = await provider.result(.zen)

            // Then
            XCTAssertEqual(try result.get().mapString(), "ok")
            XCTAssertEqual(decided.value, expected)
        }
    }

    func test_stubClosure_isAskedOncePerAttemptWithTheAttemptsContext() async {
        // Given
        let attempts = Locked<[Int?]>([])
        let provider = Provider<GitHub>(
            stubClosure: { _ in
                attempts.append(RequestContext.current?.attempt)
                return .immediate
            },
            plugins: [RetryPlugin(policy: RetryPolicy(maximumAttempts: 3, baseDelay: 0, retryableStatusCodes: [200]))])

        // When
        _ = await provider.result(.zen)

        // Then
        XCTAssertEqual(attempts.value, [1, 2, 3])
    }

    /// Whether `first` returns before `second`; the other is then cancelled, and both must return
    /// when cancelled.
    private func firstOf(
        _ first: @escaping @Sendable () async -> Void, or second: @escaping @Sendable () async -> Void
    ) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await first()
                return !Task.isCancelled
            }
            group.addTask {
                await second()
                return false
            }
            let winner = await group.next() ?? false
            group.cancelAll()
            return winner
        }
    }
}
