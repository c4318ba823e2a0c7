import CourierTestSupport
import XCTest

@testable import Courier

/// The one timer behind every request's total limit: deadlines fire once, in order, never after
/// being cancelled, and one added earlier than the timer's next wake still fires in time.
final class DeadlineTimerTests: XCTestCase {
    func test_dueDeadlinesFireInOrder_cancelledOnesNever() async {
        // Given
        let timer = DeadlineTimer()
        let fired = Locked<[String]>([])
        let both = expectation(description: "both fired")
        both.expectedFulfillmentCount = 2

        // When
        let cancelled = timer.schedule(after: 0.05) { fired.append("cancelled") }
        _ = timer.schedule(after: 0.3) {
            fired.append("later")
            both.fulfill()
        }
        _ = timer.schedule(after: 0.1) {
            fired.append("sooner")
            both.fulfill()
        }
        timer.cancel(cancelled)
        await fulfillment(of: [both], timeout: 10)

        // Then
        XCTAssertEqual(fired.value, ["sooner", "later"])
    }

    func test_deadlineEarlierThanTheNextWake_stillFires() async {
        // Given: the timer sleeps toward a deadline far away
        let timer = DeadlineTimer()
        let soon = expectation(description: "soon")
        let far = timer.schedule(after: 3600) {}

        // When
        _ = timer.schedule(after: 0.05) { soon.fulfill() }

        // Then
        await fulfillment(of: [soon], timeout: 10)
        timer.cancel(far)
    }

    func test_manyCancelledDeadlines_fireNothing() async {
        // Given
        let timer = DeadlineTimer()
        let fired = Locked(0)
        let marker = expectation(description: "marker")

        // When
        for _ in 0..<10_000 {
            timer.cancel(timer.schedule(after: 0.05) { fired.withLock { $0 += 1 } })
        }
        _ = timer.schedule(after: 0.2) { marker.fulfill() }
        await fulfillment(of: [marker], timeout: 10)

        // Then
        XCTAssertEqual(fired.value, 0)
    }
}
