/// One event of a `text/event-stream` body, as the WHATWG HTML standard defines server-sent events.
///
/// ```text
/// id: 42
/// event: delta
/// data: {"text": "Hel"}
/// data: {"text": "lo"}
///
/// ```
/// is the event `id` `"42"`, `event` `"delta"`, `data` `"{\"text\": \"Hel\"}\n{\"text\": \"lo\"}"`.
public struct ServerSentEvent: Sendable, Hashable, CustomStringConvertible {
    // `data` is declared first so that the memberwise initialiser, `init(data:id:event:retry:)`,
    // differs from the public one, which is declared in an extension and delegates to it: a
    // struct initialiser that assigns the properties one by one made each event in a temporary
    // and copied it out (a retain and a release of each string, for every event parsed).

    /// The values of its `data` lines, joined with a line feed (`"\n"`).
    public var data: String
    /// The stream's last event ID when the event arrived: the value of the latest `id` field, in
    /// this event or an earlier one. `nil` while the stream has sent none, or after an empty `id`
    /// field reset it. A reconnection sends it as `Last-Event-ID`.
    public var id: String?
    /// The event type: the value of its `event` field; `"message"` when it has none, or an empty one.
    public var event: String
    /// The reconnection time asked for by a valid `retry` field in this event; `nil` when it had
    /// none. The stream keeps the latest such time for reconnecting.
    public var retry: Duration?

    /// The event as a server would send it, ending with the blank line that dispatches it:
    /// `event: delta\ndata: …\n\n`. Each line of the data becomes a `data` line; `event` is
    /// left out when it is `"message"`. Parsing the text gives the event back.
    public var description: String {
        var text = ""
        if let id { text += "id: \(id)\n" }
        if event != "message" { text += "event: \(event)\n" }
        if let retry { text += "retry: \(Self.milliseconds(retry))\n" }
        let lines = data.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        for line in lines {
            text += "data: \(line)\n"
        }
        return text + "\n"
    }

    /// `duration` in whole milliseconds, saturating at `Int64.max`; 0 for a negative duration (a
    /// `retry` field holds digits only).
    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflowed) = seconds.multipliedReportingOverflow(by: 1000)
        let (total, overflowedAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflowed || overflowedAgain ? Int64.max : total
    }
}

extension ServerSentEvent {
    /// Creates an event.
    /// - Parameters:
    ///   - id: The last event ID. `nil` by default.
    ///   - event: The event type. `"message"` by default.
    ///   - data: The data.
    ///   - retry: The reconnection time the event asked for. `nil` by default.
    public init(id: String? = nil, event: String = "message", data: String, retry: Duration? = nil) {
        self.init(data: data, id: id, event: event, retry: retry)
    }
}
