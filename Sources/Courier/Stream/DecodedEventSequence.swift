import Foundation

/// The data of each server-sent event decoded as `Value`, up to a sentinel; get one from
/// ``ServerSentEventSequence/decode(_:until:decoder:)``.
///
/// ```swift
/// for try await delta in stream.events.decode(Delta.self, until: "[DONE]") {
///     print(delta.text, terminator: "")
/// }
/// ```
public struct DecodedEventSequence<Value: Decodable>: AsyncSequence, Sendable {
    /// The decoded values.
    public typealias Element = Value
    /// Iteration throws ``CourierError``.
    public typealias Failure = CourierError

    let events: ServerSentEventSequence
    let sentinel: String?
    let decoder: any DataDecoder

    /// Creates the iterator. The body is read once: see ``StreamedResponse``.
    public func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator(), sentinel: sentinel, decoder: decoder)
    }

    /// Reads the values of a ``DecodedEventSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws ``CourierError``.
        public typealias Failure = CourierError

        private var events: ServerSentEventSequence.Iterator
        private let sentinel: String?
        private let decoder: any DataDecoder
        private var isDone = false

        init(events: ServerSentEventSequence.Iterator, sentinel: String?, decoder: any DataDecoder) {
            self.events = events
            self.sentinel = sentinel
            self.decoder = decoder
        }

        /// The next value, `nil` at the sentinel or the end of the body.
        /// - Throws: ``CourierError``: ``CourierError/objectMapping(_:_:)`` when an event's data
        ///   does not decode, with a response whose data is that event's data; otherwise as
        ///   ``ServerSentEventSequence/Iterator/next()``.
        public mutating func next() async throws(CourierError) -> Value? {
            try await nextValue(isolation: nil)
        }

        /// The same as ``next()``, run in the caller's isolation: what `for try await` calls from the
        /// Swift 6.0 runtime on (iOS 18, macOS 15); before it, the loop calls ``next()``.
        /// - Throws: ``CourierError``, as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Value? {
            try await nextValue(isolation: actor)
        }

        private mutating func nextValue(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Value? {
            guard !isDone, let event = try await events.nextEvent(isolation: actor) else { return nil }
            if let sentinel, event.data == sentinel {
                isDone = true
                events.stop()
                return nil
            }
            let data = Data(event.data.utf8)
            do {
                return try decoder.decode(Value.self, from: data)
            } catch {
                isDone = true
                let head = events.response
                let failure = CourierError.objectMapping(
                    error,
                    Response(statusCode: head.statusCode, data: data, request: head.request, response: head.response))
                throw events.fail(failure)
            }
        }

    }
}
