/// How a streamed response went, from its head to its end: what ``StreamPluginType`` plugins
/// hear once the caller is done with it.
public struct StreamSummary: Sendable {
    /// How the stream ended.
    public enum Outcome: Sendable {
        /// The body ended, or the awaited sentinel event arrived.
        case completed
        /// Reading failed: the connection dropped (and reconnecting, if asked for, gave up), or
        /// the body broke a limit.
        case failed(CourierError)
        /// The caller stopped early: it left its loop, cancelled its task, called `cancel()`, or
        /// dropped the stream unread.
        case cancelled
    }

    /// The status code of the head.
    public let statusCode: Int
    /// The body bytes the caller's loop took, over every connection.
    public let bytes: Int
    /// The server-sent events the caller's loop took; 0 when it read chunks or lines.
    public let events: Int
    /// How many times the event stream reconnected.
    public let reconnections: Int
    /// The time from the head's arrival to the end.
    public let duration: Duration
    /// How it ended.
    public let outcome: Outcome

    /// Creates a summary.
    /// - Parameters:
    ///   - statusCode: The status code of the head.
    ///   - bytes: The body bytes read.
    ///   - events: The server-sent events read.
    ///   - reconnections: The reconnections made. `0` by default.
    ///   - duration: The time from the head to the end.
    ///   - outcome: How it ended.
    public init(
        statusCode: Int, bytes: Int, events: Int, reconnections: Int = 0, duration: Duration, outcome: Outcome
    ) {
        self.statusCode = statusCode
        self.bytes = bytes
        self.events = events
        self.reconnections = reconnections
        self.duration = duration
        self.outcome = outcome
    }
}
