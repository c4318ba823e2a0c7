import XCTest

@testable import Courier

/// A fixed-size instant gives back the clock's instant it was made from, and orders and measures
/// like it (the WebSocket channel's timers and the pipeline's contexts rely on both).
final class FixedInstantTests: XCTestCase {
    func test_instant_isTheOneItWasMadeFrom_beforeOrAfterTheOrigin() {
        let now = ContinuousClock.now
        for offset: Duration in [.zero, .seconds(-3_600), .nanoseconds(1), .seconds(86_400), .milliseconds(-5)] {
            XCTAssertEqual(FixedInstant(now.advanced(by: offset)).instant, now.advanced(by: offset))
        }
    }

    func test_arithmetic_andOrder_matchTheClocks() {
        let start = ContinuousClock.now
        let fixed = FixedInstant(start)
        let later = fixed + .milliseconds(250)
        XCTAssertEqual(later.instant, start.advanced(by: .milliseconds(250)))
        XCTAssertEqual(later - fixed, .milliseconds(250))
        XCTAssertEqual(fixed - later, .milliseconds(-250))
        XCTAssertLessThan(fixed, later)
        XCTAssertFalse(later < fixed)
        XCTAssertEqual(fixed + .zero, fixed)
        XCTAssertNotEqual(fixed + .nanoseconds(1), fixed)
    }

    func test_now_isBetweenTheClocksReadingsAroundIt() {
        let before = ContinuousClock.now
        let now = FixedInstant.now
        let after = ContinuousClock.now
        XCTAssertLessThanOrEqual(before, now.instant)
        XCTAssertLessThanOrEqual(now.instant, after)
    }

    func test_valuesHoldingIt_haveASizeKnownWhenCompiling() {
        // What the type is for: 16 bytes, as `Duration`, where a `ContinuousClock.Instant`'s size is
        // read from its metadata at run time.
        XCTAssertEqual(MemoryLayout<FixedInstant>.size, 16)
        XCTAssertEqual(MemoryLayout<RequestContext>.size, 40)
    }
}
