import Courier

/// Retries failed requests with exponential backoff and jitter, as its ``RetryPolicy`` says.
///
/// Each attempt runs the whole plugin chain again, so a logger shows every try and an access-token
/// plugin sets a fresh header. A `Retry-After` header (seconds or HTTP date) sets the wait when the
/// server sends one. Cancelling the request during a wait ends it at once. When it gives up after
/// retrying, the request fails with ``RetryLimitReachedError``, which says how many attempts were made.
///
/// A download that failed part-way is retried by resuming it: the provider asks for the rest of the
/// file (`Range` with `If-Range`) and appends it, so a retry costs only what was still missing, and
/// the reason recorded says from which byte (`URLError -1005, resuming at byte 524288`). When the
/// retries run out, the error's `resumePoint` still lets the app resume later.
///
/// ```swift
/// let provider = Provider<GitHub>(plugins: [RetryPlugin(), NetworkLoggerPlugin()])
/// ```
public struct RetryPlugin: SynchronousPlugin {
    /// The policy.
    public let policy: RetryPolicy
    private let random: @Sendable () -> Double

    /// Creates the plugin.
    /// - Parameters:
    ///   - policy: When and how often to retry. ``RetryPolicy/default`` by default.
    ///   - random: Where jitter comes from, a number in `0...1`; a uniform random number by
    ///     default. Pass a constant in tests for predictable waits.
    public init(policy: RetryPolicy = .default, random: @escaping @Sendable () -> Double = { .random(in: 0...1) }) {
        self.policy = policy
        self.random = random
    }

    /// Retries a retryable failure while attempts remain; reports the attempts when it gives up.
    /// Decides without suspending: the wait is the provider's.
    public func retrySynchronously(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) -> RetryDecision {
        guard let reason = retryReason(result, target: target).map({ Self.resuming($0, result) }) else {
            return giveUp(result, attempts: context.attempt)
        }
        guard context.attempt < policy.maximumAttempts else {
            return giveUp(result, attempts: context.attempt)
        }
        let response = try? result.get()
        let answer = response ?? result.failureResponse
        if let requested = RetryAfter.delay(in: answer?.response) {
            guard requested <= policy.maximumRetryAfter else { return giveUp(result, attempts: context.attempt) }
            return .retry(after: requested, reason: "\(reason), Retry-After \(requested)s")
        }
        return .retry(after: policy.delay(beforeRetry: context.attempt, random: random()), reason: reason)
    }

    /// Why `result` is worth another try, or `nil`.
    private func retryReason(_ result: Result<Response, CourierError>, target: any TargetType) -> String? {
        guard policy.retryableMethods.contains(target.method) else { return nil }
        switch result {
        case .success(let response):
            return policy.retryableStatusCodes.contains(response.statusCode) ? "HTTP \(response.statusCode)" : nil
        case .failure(let error):
            if error.isCancelled { return nil }
            if let response = error.response, policy.retryableStatusCodes.contains(response.statusCode) {
                return "HTTP \(response.statusCode)"
            }
            if case .underlying(let underlying as URLError, _) = error,
                policy.retryableURLErrorCodes.contains(underlying.code)
            {
                return "URLError \(underlying.code.rawValue)"
            }
            return nil
        }
    }

    /// `reason`, naming the byte a download that failed part-way resumes at.
    private static func resuming(_ reason: String, _ result: Result<Response, CourierError>) -> String {
        guard case .failure(let error) = result, let point = error.resumePoint else { return reason }
        return "\(reason), resuming at byte \(point.bytesReceived)"
    }

    /// Keeps a success; after retries, wraps a failure so that it says how many attempts were made.
    private func giveUp(_ result: Result<Response, CourierError>, attempts: Int) -> RetryDecision {
        guard attempts > 1, case .failure(let error) = result, !error.isCancelled else { return .doNotRetry }
        return .fail(.underlying(RetryLimitReachedError(attempts: attempts, lastError: error), error.response))
    }
}
