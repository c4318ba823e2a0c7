import Courier

/// A streamed body for tests: chunks, and the waits between them, played on a clock, so a test
/// decides exactly when each piece of a stream arrives.
///
/// ```swift
/// let script = StreamScript.events(
///     [ServerSentEvent(data: #"{"text":"Hel"}"#), ServerSentEvent(data: #"{"text":"lo"}"#),
///      ServerSentEvent(data: "[DONE]")],
///     every: .seconds(1))
/// stubs.on(.chat("hi"), .stream(script))          // with Stubs(delays: .manual(clock)), no real time passes
/// ```
///
/// A non-streamed request for a target stubbed with a script gets the whole ``body`` at once.
public struct StreamScript: Sendable {
    /// One step of a script.
    public enum Step: Sendable {
        /// The server sends these bytes; empty data sends nothing.
        case chunk(Data)
        /// Nothing arrives for this long.
        case wait(Duration)
        /// The transfer fails with this error, as when the connection drops; later steps never run.
        case fail(any Error)
    }

    /// The status code of the head. `200` unless set.
    public var statusCode: Int
    /// The headers of the head.
    public var headers: [String: String]
    /// The steps, in order.
    public var steps: [Step]

    /// Creates a script.
    /// - Parameters:
    ///   - status: The status code. `200` by default.
    ///   - headers: The headers. None by default.
    ///   - steps: The steps.
    public init(status: Int = 200, headers: [String: String] = [:], _ steps: [Step]) {
        statusCode = status
        self.headers = headers
        self.steps = steps
    }

    // MARK: - Scripts

    /// `chunks` as UTF-8 text, one chunk each, `interval` apart.
    /// - Parameters:
    ///   - chunks: The chunks.
    ///   - interval: The wait between two chunks. None by default.
    public static func chunks(_ chunks: [String], every interval: Duration = .zero) -> StreamScript {
        StreamScript(spaced(chunks.map { Data($0.utf8) }, every: interval))
    }

    /// `events` as a `text/event-stream` body, one chunk per event, `interval` apart.
    /// - Parameters:
    ///   - events: The events; each is sent as its ``ServerSentEvent/description`` shows it.
    ///   - interval: The wait between two events. None by default.
    public static func events(_ events: [ServerSentEvent], every interval: Duration = .zero) -> StreamScript {
        StreamScript(
            headers: ["Content-Type": "text/event-stream"],
            spaced(events.map { Data($0.description.utf8) }, every: interval))
    }

    /// `rows` encoded as JSON lines (NDJSON), one chunk per line, `interval` apart.
    /// - Parameters:
    ///   - rows: The values; each becomes one line of compact JSON.
    ///   - interval: The wait between two lines. None by default.
    ///   - encoder: The encoder. `nil` by default: Courier's own, which writes what a `JSONEncoder`
    ///     with sorted keys writes.
    /// - Throws: The encoder's error, or ``ParameterEncodingError/nestingTooDeep(key:limit:)`` for a
    ///   row nested deeper than ``HTTPTask/maximumNestingDepth``.
    public static func jsonLines(
        _ rows: [some Encodable], every interval: Duration = .zero, encoder: JSONEncoder? = nil
    ) throws -> StreamScript {
        let lines = try rows.map { row in
            var line = try JSONBodyEncoder.encode(row, with: encoder)
            line.append(UInt8(ascii: "\n"))
            return line
        }
        return StreamScript(headers: ["Content-Type": "application/x-ndjson"], spaced(lines, every: interval))
    }

    // MARK: - Modifiers

    /// This script, then the steps of `next`.
    public func then(_ next: StreamScript) -> StreamScript {
        var script = self
        script.steps += next.steps
        return script
    }

    /// This script, then a wait of `duration`.
    public func waiting(_ duration: Duration) -> StreamScript {
        var script = self
        script.steps.append(.wait(duration))
        return script
    }

    /// This script, but the connection drops at its end: reading fails with
    /// `URLError(.networkConnectionLost)` instead of ending.
    public func droppingConnection() -> StreamScript {
        failing(with: URLError(.networkConnectionLost))
    }

    /// This script, but reading fails with `error` at its end.
    public func failing(with error: any Error) -> StreamScript {
        var script = self
        script.steps.append(.fail(error))
        return script
    }

    /// This script with `statusCode` in its head.
    public func withStatus(_ statusCode: Int) -> StreamScript {
        var script = self
        script.statusCode = statusCode
        return script
    }

    /// This script with `headers` added to its head; a new value replaces one of the same name.
    public func withHeaders(_ headers: [String: String]) -> StreamScript {
        var script = self
        for (name, value) in headers {
            for old in script.headers.keys where old.caseInsensitiveCompare(name) == .orderedSame {
                script.headers[old] = nil
            }
            script.headers[name] = value
        }
        return script
    }

    // MARK: - Playing

    /// Every chunk, joined: what a non-streamed request gets.
    public var body: Data {
        steps.reduce(into: Data()) { body, step in
            if case .chunk(let chunk) = step { body.append(chunk) }
        }
    }

    /// Plays the script as a transport would stream it: the head at once, then the steps, the
    /// waits passing on `clock`. The playing stops when the reader leaves, and pauses while the
    /// reader's buffer is full.
    /// - Parameters:
    ///   - url: The URL of the head.
    ///   - clock: The clock the waits pass on. `ContinuousClock()` by default; pass a
    ///     ``ManualClock`` to move time by hand.
    /// - Returns: The head and the body.
    /// - Throws: `URLError(.badServerResponse)` when no HTTP response can be made of the status
    ///   code and headers.
    public func play(for url: URL, on clock: some Clock<Duration> = ContinuousClock()) throws(URLError)
        -> TransportStream
    {
        guard
            let head = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badServerResponse) }
        return TransportStream(response: head, body: StreamScriptPlayer.play(steps, on: clock))
    }

    private static func spaced(_ chunks: [Data], every interval: Duration) -> [Step] {
        var steps: [Step] = []
        for (index, chunk) in chunks.enumerated() {
            if index > 0, interval > .zero { steps.append(.wait(interval)) }
            steps.append(.chunk(chunk))
        }
        return steps
    }
}
