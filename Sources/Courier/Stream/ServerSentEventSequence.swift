import Foundation

/// The body of a ``StreamedResponse`` as server-sent events; get one from
/// ``StreamedResponse/events`` or ``StreamedResponse/events(reconnecting:maximumLength:)``.
///
/// The body is parsed as the WHATWG HTML standard says: lines end at LF, CRLF or CR, wherever the
/// chunks are cut; a blank line dispatches the event; several `data` lines are joined with a line
/// feed; comments (`:` …) and unknown fields are ignored; an `id` holding a NUL and a `retry`
/// that is not all digits are ignored; a byte order mark at the start is dropped; an event with
/// no data is not delivered, and neither is an event that the end of the body cuts off before its
/// blank line. A head whose `Content-Type` is not `text/event-stream` (a JSON error, a login page)
/// is refused with ``StreamError/notAnEventStream(contentType:)``, as `EventSource` refuses it; a
/// head with no `Content-Type`, such as a stub's sample, is read.
///
/// ```swift
/// for try await event in stream.events where event.event == "delta" {
///     print(event.data)
/// }
/// ```
public struct ServerSentEventSequence: AsyncSequence, Sendable {
    /// The events.
    public typealias Element = ServerSentEvent
    /// Iteration throws ``CourierError``.
    public typealias Failure = CourierError

    let source: StreamSource
    let policy: ReconnectionPolicy?
    let maximumLength: Int

    /// The data of each event decoded as `Value`, ending at the first event whose data is
    /// `sentinel`, as in `stream.events.decode(Delta.self, until: "[DONE]")`.
    /// - Parameters:
    ///   - type: The type of each event's data.
    ///   - sentinel: The data of the event that ends the stream, such as `"[DONE]"`: the sequence
    ///     ends there and the transfer stops. `nil` by default: it ends with the body.
    ///   - decoder: The decoder. `nil` by default: the target's ``TargetType/decoder``, a plain
    ///     `JSONDecoder` unless the target names another.
    public func decode<Value: Decodable>(
        _ type: Value.Type, until sentinel: String? = nil, decoder: (any DataDecoder)? = nil
    ) -> DecodedEventSequence<Value> {
        DecodedEventSequence(events: self, sentinel: sentinel, decoder: decoder ?? source.decoder)
    }

    /// Creates the iterator. The body is read once: see ``StreamedResponse``.
    public func makeAsyncIterator() -> Iterator {
        let reader = StreamReader(source)
        var reconnection: EventStreamReconnection?
        if let policy, let reconnect = source.reconnect {
            reconnection = EventStreamReconnection(policy: policy, reconnect: reconnect, monitor: source.monitor)
        }
        return Iterator(reader: reader, reconnection: reconnection, maximumLength: maximumLength)
    }

    /// Reads the events of a ``ServerSentEventSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws ``CourierError``.
        public typealias Failure = CourierError

        private var reader: StreamReader
        private var parser: ServerSentEventParser
        private var reconnection: EventStreamReconnection?
        /// The first connection's `Content-Type` was checked (a reconnection's is checked when it opens).
        private var isHeadChecked = false

        init(reader: StreamReader, reconnection: EventStreamReconnection?, maximumLength: Int) {
            self.reader = reader
            self.reconnection = reconnection
            parser = ServerSentEventParser(maximumLength: maximumLength)
        }

        /// The next event, `nil` after the last one.
        /// - Throws: ``CourierError``: the transfer's error (after reconnecting failed, if asked
        ///   for), or a ``StreamError`` wrapped in ``CourierError/underlying(_:_:)``, with the
        ///   head as the response.
        @inlinable
        public mutating func next() async throws(CourierError) -> ServerSentEvent? {
            if let event = try parsedEvent() { return event }
            return try await readEvent(isolation: nil)
        }

        /// The same as ``next()``, run in the caller's isolation: what `for try await` calls from the
        /// Swift 6.0 runtime on (iOS 18, macOS 15); before it, the loop calls ``next()``.
        ///
        /// Inlined into the caller's loop, so that an event the chunks read so far already hold
        /// is handed over without an asynchronous call (a frame of task memory and an executor
        /// check for every event).
        /// - Throws: ``CourierError``, as ``next()``.
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError)
            -> ServerSentEvent?
        {
            if let event = try parsedEvent() { return event }
            return try await readEvent(isolation: actor)
        }

        /// The next event, in the caller's isolation.
        mutating func nextEvent(isolation actor: isolated (any Actor)?) async throws(CourierError) -> ServerSentEvent? {
            if let event = try parsedEvent() { return event }
            return try await readEvent(isolation: actor)
        }

        /// The next event of the chunks read so far, if they hold one: most calls end here, with
        /// no suspension and no frame of an async function of their own.
        @usableFromInline
        mutating func parsedEvent() throws(CourierError) -> ServerSentEvent? {
            if !isHeadChecked {
                isHeadChecked = true
                if let refusal = EventStreamContentType.refusal(of: reader.response) { throw reader.fail(refusal) }
            }
            let next: ServerSentEvent?
            do throws(StreamError) {
                next = try parser.next()
            } catch {
                throw reader.fail(error)
            }
            guard let event = next else { return nil }
            reader.countEvent()
            reconnection?.eventArrived()
            return event
        }

        /// The next event, reading chunks until one completes it, in the caller's isolation.
        @usableFromInline
        mutating func readEvent(isolation actor: isolated (any Actor)?) async throws(CourierError)
            -> ServerSentEvent?
        {
            while let chunk = try await nextChunk(isolation: actor) {
                parser.feed(chunk)
                if let event = try parsedEvent() { return event }
            }
            return nil
        }

        /// The head, with an empty body.
        var response: Response { reader.response }

        /// Stops reading after a normal end that comes before the body's, and the transfer with it.
        mutating func stop() {
            reader.stop()
        }

        /// Finishes the stream with `error` and returns it, to be thrown.
        mutating func fail(_ error: CourierError) -> CourierError {
            reader.fail(error)
        }

        /// The next chunk, from a new connection if the old one dropped and the policy says to
        /// reconnect; `nil` at the end.
        private mutating func nextChunk(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Data? {
            while !reader.isDone {
                let ended: CourierError?
                do throws(CourierError) {
                    if let chunk = try await reader.read(isolation: actor) { return chunk }
                    ended = nil
                } catch {
                    ended = error
                }
                // A `204 No Content` says "do not reconnect", on the first connection as on a later one.
                guard var reconnection, reader.response.statusCode != 204,
                    Self.shouldReconnect(after: ended, reconnection.policy)
                else {
                    if let ended { throw reader.fail(ended) }
                    reader.end(.completed)
                    return nil
                }
                let next: StreamSource?
                do throws(CourierError) {
                    next = try await reconnection.reconnect(
                        isolation: actor,
                        after: ended ?? .underlying(URLError(.networkConnectionLost), reader.response),
                        lastEventID: parser.lastEventID, serverRetry: parser.reconnectionTime)
                } catch {
                    self.reconnection = reconnection
                    throw reader.fail(error)
                }
                self.reconnection = reconnection
                guard let next else {
                    reader.end(.completed)
                    return nil
                }
                reader.continueReading(next)
                parser.startNewConnection()
            }
            return nil
        }

        /// Whether a connection that ended with `error` (`nil`: the body ended) is reconnected.
        private static func shouldReconnect(after error: CourierError?, _ policy: ReconnectionPolicy) -> Bool {
            guard let error else { return policy.reconnectsAfterEnd }
            if error.isCancelled { return false }
            if case .underlying(let underlying, _) = error, underlying is StreamError { return false }
            return true
        }
    }
}
