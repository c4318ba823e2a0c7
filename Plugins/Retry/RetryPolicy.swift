import Courier

/// When and how often ``RetryPlugin`` tries a request again.
///
/// The defaults are judgements, each explained where it is set. Change any of them:
///
/// ```swift
/// var policy = RetryPolicy.default
/// policy.maximumAttempts = 5
/// policy.retryableMethods.insert(.post)   // only if your POSTs are idempotent
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// How many attempts in all, the first included. `3` by default: two retries ride out a blip
    /// without tripling the wait for an outage.
    public var maximumAttempts: Int

    /// The wait before the first retry, in seconds. `0.5` by default.
    public var baseDelay: TimeInterval

    /// How much each wait grows over the last. `2` by default (exponential backoff).
    public var multiplier: Double

    /// The longest wait between attempts, in seconds. `30` by default.
    public var maximumDelay: TimeInterval

    /// How much of each wait is random, from `0` (none) to `1` (anywhere between zero and the
    /// full wait). `0.5` by default, so clients that failed together do not retry together.
    public var jitter: Double

    /// The status codes worth another try. By default:
    /// - `408` Request Timeout and `429` Too Many Requests: the server asks for a later try;
    /// - `500` Internal Server Error, `502` Bad Gateway, `503` Service Unavailable and
    ///   `504` Gateway Timeout: often passing.
    /// Other 4xx codes are the client's mistake and would fail again.
    public var retryableStatusCodes: Set<Int>

    /// The transport errors worth another try. By default those of a network that may recover:
    /// - `.timedOut`, `.networkConnectionLost`, `.cannotConnectToHost`: the server or path was
    ///   briefly unavailable;
    /// - `.cannotFindHost`, `.dnsLookupFailed`: resolvers fail transiently;
    /// - `.notConnectedToInternet`: connectivity comes back.
    /// TLS errors, bad URLs and cancellation are never retried: they would fail again, or the user
    /// asked to stop.
    public var retryableURLErrorCodes: Set<URLError.Code>

    /// The methods that may be retried. By default the idempotent ones of RFC 9110 §9.2.2 (`GET`,
    /// `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`): repeating them cannot do something twice.
    public var retryableMethods: Set<HTTPMethod>

    /// The longest `Retry-After` honoured, in seconds. `60` by default: a server that asks for a
    /// longer wait gets its answer returned to the caller instead of a stalled request.
    public var maximumRetryAfter: TimeInterval

    /// Creates a policy; every parameter defaults to the value documented on its property.
    public init(
        maximumAttempts: Int = 3,
        baseDelay: TimeInterval = 0.5,
        multiplier: Double = 2,
        maximumDelay: TimeInterval = 30,
        jitter: Double = 0.5,
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableURLErrorCodes: Set<URLError.Code> = [
            .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .notConnectedToInternet,
        ],
        retryableMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options, .trace],
        maximumRetryAfter: TimeInterval = 60
    ) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = min(max(jitter, 0), 1)
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableURLErrorCodes = retryableURLErrorCodes
        self.retryableMethods = retryableMethods
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// The documented defaults.
    public static let `default` = RetryPolicy()

    /// The wait before retry number `retry` (1 for the first), before jitter:
    /// `baseDelay × multiplier^(retry − 1)`, capped at ``maximumDelay``.
    func backoff(beforeRetry retry: Int) -> TimeInterval {
        let exponent = Double(max(retry - 1, 0))
        let delay = baseDelay * pow(multiplier, exponent)
        return delay.isFinite ? min(delay, maximumDelay) : maximumDelay
    }

    /// The wait before retry number `retry` (1 for the first): `baseDelay × multiplier^(retry − 1)`,
    /// capped at ``maximumDelay``, with ``jitter`` applied; `random` is a number in `0...1`.
    public func delay(beforeRetry retry: Int, random: Double) -> TimeInterval {
        let full = backoff(beforeRetry: retry)
        return full * (1 - jitter * min(max(random, 0), 1))
    }
}
