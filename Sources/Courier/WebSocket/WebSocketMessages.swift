import Foundation

/// The messages of a ``WebSocket``, in order: `for try await message in socket.messages`.
///
/// The loop ends when the server closes the socket (see ``WebSocket/closeCode``) and throws a
/// ``CourierError`` when the connection fails. Cancelling the reading task closes the socket with
/// ``WebSocketCloseCode/goingAway``, and the loop throws ``CourierError/cancelled``. One task reads
/// at a time; a second reader waiting at once gets ``StreamError/alreadyRead``.
public struct WebSocketMessages: AsyncSequence, Sendable {
    /// A message.
    public typealias Element = WebSocketMessage
    /// Iteration throws ``CourierError``.
    public typealias Failure = CourierError

    let socket: WebSocket

    /// Creates the iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(socket: socket)
    }

    /// Each message decoded as `type` by the target's ``TargetType/decoder`` (a `JSONDecoder`
    /// unless the target names another), or by `decoder`: text messages as their UTF-8, binary ones
    /// as they are.
    /// - Parameters:
    ///   - type: The type of every message.
    ///   - decoder: The decoder. `nil` by default: the target's.
    public func decode<Value: Decodable>(_ type: Value.Type, decoder: (any DataDecoder)? = nil)
        -> DecodedWebSocketMessages<Value>
    {
        DecodedWebSocketMessages(messages: self, decoder: decoder ?? socket.decoder)
    }

    /// Reads the messages of a ``WebSocketMessages``.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws ``CourierError``.
        public typealias Failure = CourierError

        let socket: WebSocket
        private var isDone = false

        init(socket: WebSocket) {
            self.socket = socket
        }

        /// The next message; `nil` once the server has closed the socket.
        /// - Throws: ``CourierError/underlying(_:_:)`` with the ``WebSocketError`` the connection failed
        ///   with and the handshake's response; ``CourierError/cancelled`` when the task is cancelled.
        public mutating func next() async throws(CourierError) -> WebSocketMessage? {
            try await nextMessage(isolation: nil)
        }

        /// The same as ``next()``: what `for try await` calls from the Swift 6.0 runtime on (iOS 18,
        /// macOS 15).
        /// - Throws: as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError)
            -> WebSocketMessage?
        {
            try await nextMessage(isolation: actor)
        }

        /// The next message, on `actor` (what both `next` methods call).
        mutating func nextMessage(isolation actor: isolated (any Actor)?) async throws(CourierError)
            -> WebSocketMessage?
        {
            guard !isDone else { return nil }
            do {
                guard let message = try await socket.channel.next() else {
                    isDone = true
                    socket.observer?.reportClose(socket.channel.closure)
                    return nil
                }
                socket.observer?.report(.received(message))
                return message
            } catch {
                isDone = true
                socket.observer?.reportClose(socket.channel.closure)
                throw socket.failure(error)
            }
        }
    }
}

/// The messages of a ``WebSocket`` decoded as `Value`; get one from
/// ``WebSocketMessages/decode(_:decoder:)``.
///
/// ```swift
/// for try await event in socket.messages.decode(ChatEvent.self) { handle(event) }
/// ```
public struct DecodedWebSocketMessages<Value: Decodable>: AsyncSequence, Sendable {
    /// A decoded message.
    public typealias Element = Value
    /// Iteration throws ``CourierError``.
    public typealias Failure = CourierError

    let messages: WebSocketMessages
    let decoder: any DataDecoder

    /// Creates the iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(messages: messages.makeAsyncIterator(), decoder: decoder)
    }

    /// Reads the values of a ``DecodedWebSocketMessages``.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws ``CourierError``.
        public typealias Failure = CourierError

        private var messages: WebSocketMessages.Iterator
        private let decoder: any DataDecoder

        init(messages: WebSocketMessages.Iterator, decoder: any DataDecoder) {
            self.messages = messages
            self.decoder = decoder
        }

        /// The next value; `nil` once the server has closed the socket.
        /// - Throws: ``CourierError/objectMapping(_:_:)`` when a message does not decode (its response
        ///   is the handshake's, with the message as its data; the socket stays open, and the loop
        ///   may go on); otherwise as ``WebSocketMessages/Iterator/next()``.
        public mutating func next() async throws(CourierError) -> Value? {
            try await nextValue(isolation: nil)
        }

        /// The same as ``next()``: what `for try await` calls from the Swift 6.0 runtime on.
        /// - Throws: as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Value? {
            try await nextValue(isolation: actor)
        }

        private mutating func nextValue(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Value? {
            guard let message = try await messages.nextMessage(isolation: actor) else { return nil }
            let data = message.data
            do {
                return try decoder.decode(Value.self, from: data)
            } catch {
                let head = messages.socket.response
                throw .objectMapping(
                    error,
                    Response(statusCode: head.statusCode, data: data, request: head.request, response: head.response))
            }
        }
    }
}
