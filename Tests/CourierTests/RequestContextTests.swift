import Courier
import XCTest

/// A context keeps the instant its attempt started exactly as given (it stores it as a distance
/// from a fixed instant, a frozen type, so that values holding a context have a fixed size).
final class RequestContextTests: XCTestCase {
    func test_startedAt_isTheInstantGiven_earlierOrLaterThanAnyOther() {
        let now = ContinuousClock.now
        let instants = [
            now, now.advanced(by: .seconds(-86_400)), now.advanced(by: .nanoseconds(7)),
            now.advanced(by: .seconds(3_600)), now.advanced(by: .nanoseconds(-1)),
        ]
        for instant in instants {
            XCTAssertEqual(RequestContext(id: 1, attempt: 1, isStubbed: false, startedAt: instant).startedAt, instant)
        }
    }

    func test_startedAt_isNowByDefault() {
        let before = ContinuousClock.now
        let context = RequestContext(id: 9, attempt: 2, isStubbed: true)
        let after = ContinuousClock.now
        XCTAssertLessThanOrEqual(before, context.startedAt)
        XCTAssertLessThanOrEqual(context.startedAt, after)
    }

    func test_contexts_areEqualAndHashAlike_exactlyWhenEveryFieldIs() {
        let start = ContinuousClock.now
        let context = RequestContext(id: 3, attempt: 1, isStubbed: false, startedAt: start)
        let same = RequestContext(id: 3, attempt: 1, isStubbed: false, startedAt: start)
        XCTAssertEqual(context, same)
        XCTAssertEqual(context.hashValue, same.hashValue)
        let others = [
            RequestContext(id: 4, attempt: 1, isStubbed: false, startedAt: start),
            RequestContext(id: 3, attempt: 2, isStubbed: false, startedAt: start),
            RequestContext(id: 3, attempt: 1, isStubbed: true, startedAt: start),
            RequestContext(id: 3, attempt: 1, isStubbed: false, startedAt: start.advanced(by: .nanoseconds(1))),
        ]
        for other in others { XCTAssertNotEqual(context, other) }
        XCTAssertEqual(Set(others + [context, same]).count, 5)
    }
}
