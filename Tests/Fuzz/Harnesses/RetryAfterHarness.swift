import Foundation

@testable import Courier
@testable import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Retry-After` (RFC 9110 §10.2.3), seconds or an HTTP date, as ``RetryPlugin`` reads it from a
/// `503` and turns it into a wait.
///
/// Checked: the wait is never negative or NaN; a retry waits no longer than the policy allows, and
/// the provider's conversion of that wait to a `Duration` never traps.
enum RetryAfterHarness: FuzzHarness {
    static let name = "retry-after"
    private static let url = URL(string: "https://origin.example/jobs/7")!

    private enum Target: TargetType {
        case job
        var baseURL: URL { RetryAfterHarness.url }
        var path: String { "" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    static func run(_ input: FuzzInput) {
        let value = input.text
        guard
            let head = HTTPURLResponse(
                url: url, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": value])
        else { return }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        if let delay = RetryAfter.delay(in: head, now: now) {
            precondition(delay >= 0, "\(value) waits \(delay)")
        }
        let response = Response(statusCode: 503, data: Data(), request: URLRequest(url: url), response: head)
        for limit in [60, TimeInterval.infinity] {
            let plugin = RetryPlugin(policy: RetryPolicy(maximumRetryAfter: limit), random: { 0.5 })
            let decision = plugin.retrySynchronously(
                .success(response), target: Target.job, context: RetryContext(attempt: 1, request: nil))
            guard case .retry(let wait, _) = decision else { continue }
            precondition(wait >= 0 && wait <= limit, "\(value) waits \(wait)")
            _ = Duration.saturating(seconds: wait)
        }
    }
}
