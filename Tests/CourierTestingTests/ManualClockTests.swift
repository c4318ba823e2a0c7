import CourierTestSupport
import CourierTesting
import XCTest

final class ManualClockTests: XCTestCase {
    func test_sleep_resumesWhenTheDeadlineIsReached_earliestFirst() async throws {
        // Given
        let clock = ManualClock()
        let woken = Locked<[Int]>([])
        let long = Task {
            try await clock.sleep(for: .seconds(3))
            woken.append(3)
        }
        let short = Task {
            try await clock.sleep(for: .seconds(1))
            woken.append(1)
        }
        await clock.waitForSleepers(2)

        // When
        clock.advance(by: .seconds(1))
        try await short.value
        let afterOne = woken.value
        clock.advance(by: .seconds(2))
        try await long.value

        // Then
        XCTAssertEqual(afterOne, [1])
        XCTAssertEqual(woken.value, [1, 3])
        XCTAssertEqual(clock.now, ManualClock.Instant(offset: .seconds(3)))
    }

    func test_sleep_pastDeadline_returnsAtOnce() async throws {
        // Given
        let clock = ManualClock()
        clock.advance(by: .seconds(10))

        // When
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))

        // Then
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func test_sleep_cancelled_throwsCancellationError() async {
        // Given
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)

        // When
        sleeper.cancel()
        let result = await sleeper.result

        // Then
        XCTAssertThrowsError(try result.get()) { error in XCTAssertTrue(error is CancellationError) }
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func test_isAClock_forCodeThatTakesAnyClock() async throws {
        // Given
        func debounce(on clock: some Clock<Duration>) async throws -> String {
            try await clock.sleep(for: .milliseconds(300))
            return "fired"
        }
        let clock = ManualClock()

        // When
        let task = Task { try await debounce(on: clock) }
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(300))

        // Then
        let value = try await task.value
        XCTAssertEqual(value, "fired")
        XCTAssertEqual(clock.minimumResolution, .zero)
        XCTAssertEqual(clock.now.duration(to: clock.now.advanced(by: .seconds(2))), .seconds(2))
    }
}
