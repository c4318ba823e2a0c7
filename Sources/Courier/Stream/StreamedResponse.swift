import Foundation

/// A response whose body is still arriving: its head at once, its body as it comes, chunk by
/// chunk, line by line, event by event or row by row. Get one from `Provider.stream(_:)`.
///
/// ```swift
/// let stream = try await provider.stream(.chat(prompt))     // returns once the head is validated
/// print(stream.response.statusCode)                          // the head: status and headers
/// for try await delta in stream.events.decode(Delta.self, until: "[DONE]") {
///     print(delta.text, terminator: "")
/// }
/// ```
///
/// - **One reader.** The body is read once, through one of its views: the chunks themselves
///   (iterate the stream), ``lines``, ``events`` (server-sent events, also decoded) or
///   ``jsonLines(_:decoder:maximumLineLength:)``. A second reader throws
///   ``StreamError/alreadyRead``.
/// - **Memory.** Nothing is buffered beyond what the caller has not read yet, bounded by the
///   transport; a line or event longer than its view's limit (1 MiB by default) throws
///   ``StreamError/lineTooLong(limit:)`` or ``StreamError/eventTooLong(limit:)``.
/// - **Stopping.** Leaving the loop early, cancelling the reading task, calling ``cancel()`` or
///   dropping the stream unread stops the transfer and closes the connection.
/// - **Errors** are ``CourierError``s that keep the head as their response.
public struct StreamedResponse: AsyncSequence, Sendable {
    /// The chunks: `Data`, never empty, as the transport delivers them.
    public typealias Element = Data
    /// Iteration throws ``CourierError``.
    public typealias Failure = CourierError

    /// The longest line, or the largest server-sent event's data, that a view accepts unless told
    /// otherwise: 1 MiB (1,048,576 bytes).
    public static let defaultMaximumLength = 1 << 20

    /// The response head: status code, headers, the request sent; its `data` is empty.
    public var response: Response { source.response }

    let source: StreamSource

    init(source: StreamSource) {
        self.source = source
    }

    /// Wraps a body that some other code streams, such as a transport's ``TransportStream``, to
    /// read it through the views of a streamed response. It cannot reconnect, and its views
    /// decode with a plain `JSONDecoder` unless told otherwise.
    /// - Parameters:
    ///   - response: The head; its data is ignored.
    ///   - body: The body.
    public init(response: Response, body: ResponseBodyStream) {
        let head = Response(
            statusCode: response.statusCode, data: Data(), request: response.request, response: response.response)
        self.init(
            source: StreamSource(
                response: head, body: body, monitor: .silent(statusCode: response.statusCode),
                decoder: JSONDecoder(), reconnect: nil))
    }

    /// Stops the transfer: reading then throws ``CourierError/cancelled``. After an event stream
    /// reconnected, it stops the connection being read, and no reconnection follows. Calling it
    /// again does nothing.
    public func cancel() {
        source.body.cancel()
        source.monitor.cancel()
    }

    // MARK: - Views

    /// The body as text lines, split at LF, CRLF or CR, decoded as UTF-8 (invalid bytes become
    /// U+FFFD), without their line endings; blank lines are kept. A last line without a line
    /// ending is included; a byte order mark at the start is dropped. Lines are limited to
    /// ``defaultMaximumLength`` bytes.
    public var lines: LineSequence {
        lines(maximumLength: Self.defaultMaximumLength)
    }

    /// The body as text lines, as ``lines``, with a limit of your own.
    /// - Parameter maximumLength: The longest line accepted, in bytes, without its line ending;
    ///   a longer line throws ``StreamError/lineTooLong(limit:)``. ``defaultMaximumLength`` by
    ///   default.
    public func lines(maximumLength: Int = defaultMaximumLength) -> LineSequence {
        LineSequence(source: source, maximumLength: maximumLength)
    }

    /// The body as server-sent events (`text/event-stream`), parsed as the WHATWG HTML standard
    /// says; without reconnection, with lines and events limited to ``defaultMaximumLength``
    /// bytes. See ``ServerSentEventSequence``.
    public var events: ServerSentEventSequence {
        events(reconnecting: nil)
    }

    /// The body as server-sent events, reconnecting after a dropped connection if you ask.
    /// - Parameters:
    ///   - policy: When and how often to reconnect with `Last-Event-ID` after the connection
    ///     drops; `nil` (the default) never reconnects. Only `GET` requests made by a provider
    ///     reconnect: for any other method a dropped connection fails as without a policy, since
    ///     sending the request again could repeat its effect.
    ///   - maximumLength: The longest line, and the largest data of one event, in bytes.
    ///     ``defaultMaximumLength`` by default.
    public func events(
        reconnecting policy: ReconnectionPolicy? = nil, maximumLength: Int = defaultMaximumLength
    ) -> ServerSentEventSequence {
        ServerSentEventSequence(source: source, policy: policy, maximumLength: maximumLength)
    }

    /// The body as JSON lines (NDJSON): each line that is not blank decoded as a `Row`.
    /// - Parameters:
    ///   - type: The type of each line.
    ///   - decoder: The decoder. `nil` by default: the target's ``TargetType/decoder``, a plain
    ///     `JSONDecoder` unless the target names another.
    ///   - maximumLineLength: The longest line accepted, in bytes. ``defaultMaximumLength`` by
    ///     default.
    public func jsonLines<Row: Decodable>(
        _ type: Row.Type, decoder: (any DataDecoder)? = nil, maximumLineLength: Int = defaultMaximumLength
    ) -> JSONLineSequence<Row> {
        JSONLineSequence(source: source, decoder: decoder ?? source.decoder, maximumLength: maximumLineLength)
    }

    // MARK: - Chunks

    /// Creates the iterator over the chunks. The body is read once: see the type's comment.
    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: StreamReader(source))
    }

    /// Reads the chunks of a ``StreamedResponse``.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws ``CourierError``.
        public typealias Failure = CourierError

        private var reader: StreamReader

        init(reader: StreamReader) {
            self.reader = reader
        }

        /// The next chunk, `nil` at the end of the body.
        /// - Throws: ``CourierError``: the transfer's error with the head as its response,
        ///   ``CourierError/cancelled`` when stopped.
        public mutating func next() async throws(CourierError) -> Data? {
            try await reader.nextChunk(isolation: nil)
        }

        /// The same as ``next()``, run in the caller's isolation: what `for try await` calls from the
        /// Swift 6.0 runtime on (iOS 18, macOS 15); before it, the loop calls ``next()``.
        /// - Throws: ``CourierError``, as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Data? {
            try await reader.nextChunk(isolation: actor)
        }

    }
}
