import Foundation

@testable import Courier

/// The event-stream parser (``ServerSentEventParser``: the line splitter and the WHATWG
/// interpreter) on any body, whole and cut into chunks where the input picks.
///
/// Checked: the events, the error that ends the stream, the last event ID and the reconnection
/// time are the same however the body is cut. The length limit is small, so inputs reach it.
enum ServerSentEventsHarness: FuzzHarness {
    static let name = "server-sent-events"

    static func run(_ input: FuzzInput) {
        let whole = Outcome(parsing: [input.data])
        let chunks = input.chunks()
        let cut = Outcome(parsing: chunks)
        precondition(whole == cut, "cut into \(chunks.map(\.count)) bytes: \(cut), whole: \(whole)")
        // A new connection after part of the body: the parser starts over, keeping the last event ID.
        var parser = ServerSentEventParser(maximumLength: Outcome.maximumLength)
        _ = try? parser.parse(chunks[0])
        let lastEventID = parser.lastEventID
        parser.startNewConnection()
        precondition(parser.lastEventID == lastEventID)
        for chunk in chunks.dropFirst() {
            guard (try? parser.parse(chunk)) != nil else { break }
        }
    }

    /// What parsing a body gives.
    private struct Outcome: Equatable {
        static let maximumLength = 200

        var events: [ServerSentEvent] = []
        var failure: StreamError?
        var lastEventID = ""
        var reconnectionTime: Duration?

        init(parsing chunks: [Data]) {
            var parser = ServerSentEventParser(maximumLength: Self.maximumLength)
            defer {
                lastEventID = parser.lastEventID
                reconnectionTime = parser.reconnectionTime
            }
            for chunk in chunks {
                precondition(parser.needsChunk)
                parser.feed(chunk)
                do {
                    while let event = try parser.next() { events.append(event) }
                } catch {
                    failure = error
                    return
                }
            }
        }
    }
}
