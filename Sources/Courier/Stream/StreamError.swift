/// What can go wrong while reading a streamed body, apart from the transfer itself.
///
/// A provider's streamed sequences throw it wrapped in ``CourierError/underlying(_:_:)``, with
/// the streamed response's head as the response.
public enum StreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A line of the body is longer than `limit` bytes, not counting its line ending. Courier
    /// stops reading rather than buffer a line without end; raise the limit where the sequence is
    /// made (`lines(maximumLength:)`, `jsonLines(_:decoder:maximumLineLength:)`,
    /// `events(reconnecting:maximumLength:)`) if the server's lines are longer.
    case lineTooLong(limit: Int)
    /// The `data` lines of one server-sent event add up to more than `limit` bytes.
    case eventTooLong(limit: Int)
    /// The response's `Content-Type` is `contentType`, not `text/event-stream`: its body is not
    /// read as server-sent events, as a browser's `EventSource` refuses it too (a JSON error body
    /// or a login page would otherwise end the loop with no event and no word why). A head with no
    /// `Content-Type`, such as a stub's sample, is read. Read another type with
    /// ``StreamedResponse/lines`` or ``StreamedResponse/jsonLines(_:decoder:maximumLineLength:)``.
    case notAnEventStream(contentType: String)
    /// The body was already read, or its reading was stopped, or another task is reading it at
    /// the same time: a streamed response can be iterated once, from one task, through one of its
    /// views (chunks, lines, events or JSON lines).
    case alreadyRead

    /// Says what was too long or why the body cannot be read again.
    public var description: String {
        switch self {
        case .lineTooLong(let limit):
            "A line of the streamed body is longer than \(limit) bytes, the limit of this sequence; "
                + "reading stopped instead of buffering it. Raise maximumLength if the server's lines are this long."
        case .eventTooLong(let limit):
            "A server-sent event's data is longer than \(limit) bytes, the limit of this sequence; "
                + "reading stopped instead of buffering it. Raise maximumLength if the server's events are this long."
        case .notAnEventStream(let contentType):
            "The response's Content-Type is \"\(contentType.prefix(200))\", not text/event-stream, so its body was "
                + "not read as server-sent events. Check the endpoint, or read the body with lines or jsonLines."
        case .alreadyRead:
            "The streamed body was already read, its reading was stopped, or another task is reading it: "
                + "iterate a streamed response once, from one task."
        }
    }
}
