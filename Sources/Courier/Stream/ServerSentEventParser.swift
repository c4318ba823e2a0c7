import Foundation

/// Parses an event stream that arrives in chunks: a ``LineSplitter`` feeding an
/// ``EventStreamInterpreter``. Feed it chunks with ``parse(_:)`` and take ``dispatched`` events.
package struct ServerSentEventParser {
    private var splitter: LineSplitter
    private var interpreter: EventStreamInterpreter

    /// A parser for a new stream.
    /// - Parameter maximumLength: The longest line, and the largest data of one event, in bytes.
    package init(maximumLength: Int) {
        splitter = LineSplitter(maximumLength: maximumLength)
        interpreter = EventStreamInterpreter(maximumLength: maximumLength)
    }

    /// The events dispatched by the chunks parsed so far and not yet removed.
    package var dispatched: [ServerSentEvent] { interpreter.dispatched }
    /// How many events ``dispatched`` holds.
    package var dispatchedCount: Int { interpreter.dispatched.count }

    /// Event `index` of ``dispatched``.
    package func dispatched(at index: Int) -> ServerSentEvent {
        interpreter.dispatched[index]
    }
    /// The stream's last event ID; empty for none.
    var lastEventID: String { interpreter.lastEventID }
    /// The reconnection time of the stream's latest valid `retry` field.
    var reconnectionTime: Duration? { interpreter.reconnectionTime }

    /// Parses the next chunk of the stream; the events it completes are added to ``dispatched``.
    package mutating func parse(_ chunk: Data) throws(StreamError) {
        try splitter.split(chunk, into: &interpreter)
    }

    /// Removes the events taken from ``dispatched``.
    package mutating func removeDispatched() {
        interpreter.removeDispatched()
    }

    /// Prepares for the body of a new connection; see
    /// ``EventStreamInterpreter/startNewConnection()``.
    mutating func startNewConnection() {
        splitter.reset()
        interpreter.startNewConnection()
    }
}
