import Courier
import XCTest

@testable import CourierPlugins

final class RetryPolicyTests: XCTestCase {
    func test_backoff_growsExponentiallyUpToTheCap() {
        let policy = RetryPolicy(baseDelay: 0.5, multiplier: 2, maximumDelay: 3)
        XCTAssertEqual(policy.backoff(beforeRetry: 1), 0.5)
        XCTAssertEqual(policy.backoff(beforeRetry: 2), 1)
        XCTAssertEqual(policy.backoff(beforeRetry: 3), 2)
        XCTAssertEqual(policy.backoff(beforeRetry: 4), 3)
        XCTAssertEqual(policy.backoff(beforeRetry: 500), 3)
    }

    func test_jitter_takesUpToItsShareOffTheWait() {
        let policy = RetryPolicy(baseDelay: 1, multiplier: 2, maximumDelay: 30, jitter: 0.5)
        XCTAssertEqual(policy.delay(beforeRetry: 2, random: 0), 2)
        XCTAssertEqual(policy.delay(beforeRetry: 2, random: 1), 1)
        XCTAssertEqual(policy.delay(beforeRetry: 2, random: 0.5), 1.5)
        XCTAssertEqual(RetryPolicy(jitter: 7).jitter, 1)
    }

    func test_defaults_areTheDocumentedJudgements() {
        let policy = RetryPolicy.default
        XCTAssertEqual(policy.maximumAttempts, 3)
        XCTAssertEqual(policy.retryableStatusCodes, [408, 429, 500, 502, 503, 504])
        XCTAssertEqual(policy.retryableMethods, [.get, .head, .put, .delete, .options, .trace])
        XCTAssertTrue(
            policy.retryableURLErrorCodes.isSuperset(of: [.timedOut, .networkConnectionLost, .dnsLookupFailed]))
        XCTAssertFalse(policy.retryableURLErrorCodes.contains(.cancelled))
    }
}
