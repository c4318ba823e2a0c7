import Courier
import CourierTestSupport
import CourierTesting
import XCTest

final class StubDelaysTests: XCTestCase {
    // MARK: - Real delays

    func test_realDelays_makeTheProviderWaitWithADelayedStub() {
        // Given
        let stubs = Stubs<GitHub>().on(.zen, .string("later").delayed(seconds: 2))

        // When
        let zen = stubs.stubClosure(.zen)
        let user = stubs.stubClosure(.userProfile("ada"))

        // Then
        XCTAssertEqual(zen, .delayed(seconds: 2))
        XCTAssertEqual(user, .immediate)
    }

    func test_realDelays_completionArrivesAfterRequestReturns() {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .string("later").delayed(seconds: 0.01)))
        let result = Locked<Result<Response, CourierError>?>(nil)
        let done = expectation(description: "completion")

        // When
        provider.request(.zen) { outcome in
            result.withLock { $0 = outcome }
            done.fulfill()
        }
        let beforeDelay = result.value

        // Then
        XCTAssertNil(beforeDelay)
        wait(for: [done], timeout: 10)
        XCTAssertEqual(try result.value?.get().mapString(), "later")
    }

    // MARK: - Skipped delays

    func test_skippedDelays_answerAtOnce_evenFromTheCompletionAPI() {
        // Given
        let stubs = Stubs<GitHub>(delays: .skipped).on(.zen, .string("now").delayed(seconds: 3600))
        let provider = Provider(stubs: stubs)
        let result = Locked<Result<Response, CourierError>?>(nil)

        // When
        provider.request(.zen) { outcome in result.withLock { $0 = outcome } }

        // Then
        XCTAssertEqual(stubs.stubClosure(.zen), .immediate)
        XCTAssertEqual(try result.value?.get().mapString(), "now")
    }

    func test_withoutDelays_turnsDelayedStubsImmediate_andKeepsTheOthers() {
        // Given
        let delayed = Provider<GitHub>.withoutDelays(Provider.delayedStub(60))
        let never = Provider<GitHub>.withoutDelays(Provider.neverStub)
        let provider = Provider<GitHub>(stubClosure: delayed)
        let result = Locked<Result<Response, CourierError>?>(nil)

        // When
        provider.request(.zen) { outcome in result.withLock { $0 = outcome } }

        // Then
        XCTAssertEqual(delayed(.zen), .immediate)
        XCTAssertEqual(never(.zen), .never)
        XCTAssertEqual(try result.value?.get().data, GitHub.zen.sampleData)
    }

    // MARK: - Manual clock

    func test_manualDelays_answerOnlyWhenTheClockPassesTheDelay() async throws {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<GitHub>(delays: .manual(clock)).on(.zen, .string("after 5 s").delayed(seconds: 5))
        let provider = Provider(stubs: stubs)
        let finished = Locked(false)

        // When
        let request = Task {
            defer { finished.withLock { $0 = true } }
            return try await provider.request(.zen)
        }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(4))
        let finishedEarly = finished.value
        let stillWaiting = clock.sleeperCount
        clock.advance(by: .seconds(1))
        let response = try await request.value

        // Then
        XCTAssertFalse(finishedEarly)
        XCTAssertEqual(stillWaiting, 1)
        XCTAssertEqual(try response.mapString(), "after 5 s")
        XCTAssertEqual(clock.now.offset, .seconds(5))
    }

    func test_manualDelays_undelayedResponses_doNotWait() async throws {
        // Given
        let clock = ManualClock()
        let provider = Provider<GitHub>(stubs: Stubs(delays: .manual(clock)))

        // When
        let response = try await provider.request(.zen)

        // Then
        XCTAssertEqual(response.data, GitHub.zen.sampleData)
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func test_manualDelays_cancelledDuringTheDelay_failsWithCancellation() async {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<GitHub>(delays: .manual(clock)).on(.zen, .string("never").delayed(seconds: 1))
        let provider = Provider(stubs: stubs)
        let result = Locked<Result<Response, CourierError>?>(nil)
        let done = expectation(description: "completion")

        // When
        let token = provider.request(.zen, callbackQueue: .global()) { outcome in
            result.withLock { $0 = outcome }
            done.fulfill()
        }
        await clock.waitForSleepers(1)
        token.cancel()
        await fulfillment(of: [done], timeout: 10)

        // Then
        XCTAssertEqual(result.value?.failure?.isCancelled, true)
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func test_manualDelays_completionAPI_deliversAfterAdvance() async {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<GitHub>(delays: .manual(clock)).on(.zen, .status(204).delayed(seconds: 0.5))
        let provider = Provider(stubs: stubs, callbackQueue: .global())
        let status = Locked<Int?>(nil)
        let done = expectation(description: "completion")

        // When
        provider.request(.zen) { outcome in
            status.withLock { $0 = try? outcome.get().statusCode }
            done.fulfill()
        }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(500))
        await fulfillment(of: [done], timeout: 10)

        // Then
        XCTAssertEqual(status.value, 204)
    }
}
