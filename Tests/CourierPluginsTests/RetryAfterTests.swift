import Courier
import CourierPlugins
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Retry-After` values a hostile or broken server sends: what the retry plugin decides for each.
final class RetryAfterTests: XCTestCase {
    private struct Target: TargetType {
        var baseURL: URL { URL(string: "https://x.io")! }
        var path: String { "/thing" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    /// The plugin's decision for a first attempt answered `503` with `Retry-After: value`, under a
    /// policy whose own backoff is 0.5 s without jitter.
    private func decision(retryAfter value: String) async -> RetryDecision {
        let plugin = RetryPlugin(policy: RetryPolicy(baseDelay: 0.5, jitter: 0))
        let answer = Response(
            statusCode: 503, data: Data(),
            response: HTTPURLResponse(
                url: URL(string: "https://x.io/thing")!, statusCode: 503, httpVersion: "HTTP/1.1",
                headerFields: ["Retry-After": value]))
        return await plugin.retry(.success(answer), target: Target(), context: RetryContext(attempt: 1, request: nil))
    }

    func test_secondsTooManyForAnInteger_returnTheAnswerInsteadOfRetrying() async {
        // Given: more seconds than an Int holds, which is still a wait longer than any bound
        for value in ["99999999999999999999", String(repeating: "9", count: 400)] {
            // When
            let decision = await decision(retryAfter: value)

            // Then
            guard case .doNotRetry = decision else { return XCTFail("\(value.prefix(24)): got \(decision)") }
        }
    }

    func test_dateFarInTheFuture_returnsTheAnswerInsteadOfRetrying() async {
        // When
        let decision = await decision(retryAfter: "Fri, 31 Dec 9999 23:59:59 GMT")

        // Then
        guard case .doNotRetry = decision else { return XCTFail("got \(decision)") }
    }

    func test_signedOrMalformedSeconds_areIgnored_andThePolicysBackoffApplies() async {
        // Given: values that are not delay-seconds (1*DIGIT, RFC 9110 §10.2.3); "-5" and "+5" used
        // to be read as numbers, "-5" as a retry at once
        for value in ["-5", "+5", "-99999999999999999999", "5s", "1e3", "0x10", "١٢", "NaN", "garbage"] {
            // When
            let decision = await decision(retryAfter: value)

            // Then
            guard case .retry(let delay, let reason) = decision else { return XCTFail("\(value): got \(decision)") }
            XCTAssertEqual(delay, 0.5, value)
            XCTAssertFalse(reason.contains("Retry-After"), "\(value): \(reason)")
        }
    }

    func test_dateInThePast_retriesAtOnce() async {
        // When
        let decision = await decision(retryAfter: "Mon, 01 Jan 1900 00:00:00 GMT")

        // Then
        guard case .retry(let delay, _) = decision else { return XCTFail("got \(decision)") }
        XCTAssertEqual(delay, 0)
    }

    #if os(Linux)
        /// Found by the retry-after fuzz harness (Tests/Fuzz): the dates were read with a
        /// `DateFormatter`, which on Linux leaks on every call for values such as this one (about
        /// 0.7 KiB each, so a server's retries grow the app without end) and takes milliseconds.
        func test_unreadableDateValue_readThousandsOfTimes_keepsNoMemory() {
            // Given: a value the fuzzer found, a character beyond the BMP and two invalid bytes
            let value = "\u{9C71C}\u{FFFD}\u{FFFD}"
            let plugin = RetryPlugin(policy: RetryPolicy(baseDelay: 0.5, jitter: 0))
            let answer = Response(
                statusCode: 503, data: Data(),
                response: HTTPURLResponse(
                    url: URL(string: "https://x.io/thing")!, statusCode: 503, httpVersion: "HTTP/1.1",
                    headerFields: ["Retry-After": value]))
            func decide() -> RetryDecision {
                plugin.retrySynchronously(
                    .success(answer), target: Target(), context: RetryContext(attempt: 1, request: nil))
            }
            _ = decide()
            let before = Self.residentBytes()

            // When
            for _ in 0..<5000 { _ = decide() }

            // Then: the value is no date, the policy's backoff applies, and nothing is kept
            guard case .retry(let delay, _) = decide() else { return XCTFail("got \(decide())") }
            XCTAssertEqual(delay, 0.5)
            XCTAssertLessThan(Self.residentBytes() - before, 1 << 20)
        }

        /// The process's resident memory, from `/proc/self/statm`.
        private static func residentBytes() -> Int {
            let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
            let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
    #endif
}
