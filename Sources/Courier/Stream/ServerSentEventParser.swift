import Foundation

/// Parses an event stream that arrives in chunks: a ``LineSplitter`` feeding an
/// ``EventStreamInterpreter``, one event at a time. Feed it a chunk when it needs one, and take
/// events with ``next()``.
package struct ServerSentEventParser {
    private var splitter: LineSplitter
    private var interpreter: EventStreamInterpreter

    /// A parser for a new stream.
    /// - Parameter maximumLength: The longest line, and the largest data of one event, in bytes.
    package init(maximumLength: Int) {
        splitter = LineSplitter(maximumLength: maximumLength)
        interpreter = EventStreamInterpreter(maximumLength: maximumLength)
    }

    /// The stream's last event ID; empty for none.
    var lastEventID: String { interpreter.lastEventID }
    /// The reconnection time of the stream's latest valid `retry` field.
    var reconnectionTime: Duration? { interpreter.reconnectionTime }
    /// Whether the chunks fed so far are parsed to their end.
    package var needsChunk: Bool { splitter.needsChunk }

    /// Takes the next chunk of the stream, once ``needsChunk``.
    package mutating func feed(_ chunk: Data) {
        splitter.feed(chunk)
    }

    /// The next event of the chunks fed so far; `nil` when they hold no other complete event.
    /// Lines are interpreted up to the blank line that ends the next event, so an error in a line
    /// after it is thrown at the call after the one that returns the event.
    package mutating func next() throws(StreamError) -> ServerSentEvent? {
        try splitter.split(into: &interpreter)
        return interpreter.takeEvent()
    }

    /// Every event that `chunk` completes.
    package mutating func parse(_ chunk: Data) throws(StreamError) -> [ServerSentEvent] {
        feed(chunk)
        var events: [ServerSentEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }

    /// Prepares for the body of a new connection; see
    /// ``EventStreamInterpreter/startNewConnection()``.
    mutating func startNewConnection() {
        splitter.reset()
        interpreter.startNewConnection()
    }
}
