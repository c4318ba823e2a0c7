/// When and how often an event stream reconnects after its connection drops, as a browser's
/// `EventSource` does: after a wait, sending the last event ID as `Last-Event-ID` so the server
/// can carry on where the stream stopped.
///
/// ```swift
/// for try await event in stream.events(reconnecting: .default) { … }
/// for try await event in stream.events(reconnecting: ReconnectionPolicy(maximumAttempts: 10)) { … }
/// ```
///
/// - The wait is the server's latest `retry` time, or ``initialDelay`` until it sends one; it
///   doubles after each reconnection that fails in a row, and never exceeds ``maximumDelay``.
/// - Up to ``maximumAttempts`` reconnections may fail in a row; then the last error is thrown.
///   A reconnection that delivers an event starts the count again.
/// - A reconnection runs the provider's whole pipeline again: plugins adapt and log it, an
///   access token is added afresh. A response that the target's validation refuses ends the
///   stream with ``CourierError/statusCode(_:)``, one whose `Content-Type` is not
///   `text/event-stream` with ``StreamError/notAnEventStream(contentType:)``; `204 No Content`
///   ends it normally, on the first connection too: that is how a server says "do not reconnect".
/// - Only `GET` streams reconnect; the waits end at once when the reading task is cancelled or
///   the stream's `cancel()` is called.
public struct ReconnectionPolicy: Sendable {
    /// How many reconnections may fail in a row before the stream fails. `5` by default.
    public var maximumAttempts: Int
    /// The wait before reconnecting until the server sets one with `retry`. 3 seconds by
    /// default, as in browsers.
    public var initialDelay: Duration
    /// The longest wait, whatever the server's `retry` or the doubling says. 30 seconds by
    /// default.
    public var maximumDelay: Duration
    /// Whether to reconnect also when the body ends without an error, as `EventSource` does; the
    /// server then ends the stream for good by answering `204`. `false` by default: an ended body
    /// ends the sequence.
    public var reconnectsAfterEnd: Bool

    let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a policy.
    /// - Parameters:
    ///   - maximumAttempts: How many reconnections may fail in a row. `5` by default.
    ///   - initialDelay: The wait until the server sets one. 3 seconds by default.
    ///   - maximumDelay: The longest wait. 30 seconds by default.
    ///   - reconnectsAfterEnd: Whether an ended body is reconnected too. `false` by default.
    ///   - clock: The clock the waits pass on. `ContinuousClock()` by default; tests can pass
    ///     `CourierTesting`'s `ManualClock`.
    public init(
        maximumAttempts: Int = 5, initialDelay: Duration = .seconds(3), maximumDelay: Duration = .seconds(30),
        reconnectsAfterEnd: Bool = false, clock: some Clock<Duration> = ContinuousClock()
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.reconnectsAfterEnd = reconnectsAfterEnd
        // A clock's deadline arithmetic traps past its range (`.seconds(Int64.max)` from now stops
        // the process), so no wait is longer than Courier's longest: about 31,700 years.
        sleep = { delay in try await clock.sleep(for: min(delay, .longestWait)) }
    }

    /// Five attempts in a row, 3 seconds until the server says otherwise, at most 30 seconds.
    public static let `default` = ReconnectionPolicy()

    /// The wait before reconnection attempt `attempt` (1 for the first after a drop).
    ///
    /// The server's `retry` is a number from outside (the parser saturates it at `Int.max`
    /// milliseconds): the wait starts at most at ``maximumDelay`` and doubles only while it stays
    /// below it, so no value a server sends can overflow. Negative inputs wait zero.
    func delay(attempt: Int, serverRetry: Duration?) -> Duration {
        let ceiling = max(maximumDelay, .zero)
        var delay = min(max(serverRetry ?? initialDelay, .zero), ceiling)
        var doublings = max(attempt, 1) - 1
        while doublings > 0, delay > .zero, delay < ceiling {
            delay = delay > ceiling / 2 ? ceiling : delay * 2
            doublings -= 1
        }
        return delay
    }
}
