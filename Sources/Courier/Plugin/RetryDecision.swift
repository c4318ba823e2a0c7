import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A plugin's answer to "should this attempt be tried again?".
public enum RetryDecision: Sendable {
    /// Deliver the outcome as it is.
    case doNotRetry
    /// Try again after `delay` seconds (cancelling the request during the wait ends it at once).
    /// `reason` is recorded in ``RetryContext/retryReasons`` for later attempts.
    case retry(after: TimeInterval = 0, reason: String)
    /// Stop and fail with this error instead of the attempt's outcome.
    case fail(CourierError)
}

/// What a plugin knows when it decides about a retry.
public struct RetryContext: Sendable {
    /// The attempt that just finished, starting at 1.
    public let attempt: Int
    /// The request that attempt sent, after every plugin; `nil` when it failed before one was made.
    public let request: URLRequest?
    /// The reasons given for the earlier retries of this request, oldest first.
    public let retryReasons: [String]

    /// Creates a context.
    /// - Parameters:
    ///   - attempt: The attempt that just finished, starting at 1.
    ///   - request: The request that attempt sent.
    ///   - retryReasons: The reasons given for earlier retries. Empty by default.
    public init(attempt: Int, request: URLRequest?, retryReasons: [String] = []) {
        self.attempt = attempt
        self.request = request
        self.retryReasons = retryReasons
    }
}
