import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An open WebSocket, from ``Provider/webSocket(_:isolation:)``: send messages, read them from
/// ``messages``, close it.
///
/// ```swift
/// let socket = try await provider.webSocket(.room("swift"))
/// try await socket.send(.text("hello"))
/// for try await message in socket.messages {
///     if case .text(let text) = message { print(text) }
/// }
/// await socket.close(code: .normalClosure, reason: "bye")
/// ```
///
/// - **Reading.** One task reads ``messages`` at a time. When the server closes, the loop ends and
///   ``closeCode`` and ``closeReason`` say how; when the connection fails, it throws a
///   ``CourierError`` holding a ``WebSocketError`` and the handshake's ``response``. Cancelling the
///   reading task closes the socket with ``WebSocketCloseCode/goingAway`` (1001).
/// - **Back-pressure.** Received messages wait for the reader up to
///   ``WebSocketConfiguration/receiveBufferSize``; beyond that the socket stops reading and TCP holds
///   the server back. ``send(_:)`` returns once the connection has taken the message's bytes,
///   waiting while it cannot.
/// - **Lifetime.** A socket nobody holds any more (and whose ``messages`` nobody reads) closes with
///   1001 by itself.
/// - **Threads.** Every method may be called from any task or actor; the provider's plugins hear of
///   messages on the isolation that opened the socket (see ``WebSocketPluginType``).
public final class WebSocket: Sendable {
    /// The handshake's response: `101 Switching Protocols`, its headers, the request sent.
    public let response: Response

    let channel: any WebSocketChannel
    let decoder: any DataDecoder
    let observer: WebSocketObserver?

    init(response: Response, channel: any WebSocketChannel, decoder: any DataDecoder, observer: WebSocketObserver?) {
        self.response = response
        self.channel = channel
        self.decoder = decoder
        self.observer = observer
    }

    deinit {
        channel.closeWithoutWaiting(code: .goingAway)
        observer?.reportClose(channel.closure)
    }

    /// The subprotocol the server chose among the target's
    /// ``HTTPTask/webSocket(protocols:)``, or `nil` when it chose none.
    public var negotiatedProtocol: String? { channel.negotiatedProtocol }

    /// How the socket closed, once it has: the server's code in a clean closing handshake
    /// (``WebSocketCloseCode/noStatusReceived`` when it sent none), the code Courier closed with when
    /// the server broke the protocol, or ``WebSocketCloseCode/abnormalClosure`` when the connection
    /// just ended. `nil` while the socket is open or closing.
    public var closeCode: WebSocketCloseCode? { channel.closure?.code }

    /// The reason the server gave with its close frame; empty when it gave none, `nil` while the
    /// socket is open or closing.
    public var closeReason: String? { channel.closure?.reason }

    /// The messages the server sends, in order, each whole: read them with `for try await`.
    public var messages: WebSocketMessages { WebSocketMessages(socket: self) }

    /// Sends `message`, returning once the connection has taken its bytes.
    /// - Throws: ``CourierError/underlying(_:_:)`` with ``WebSocketError/notOpen(_:)`` once the
    ///   socket is closing or closed, or the ``WebSocketError`` the connection failed with;
    ///   ``CourierError/cancelled`` when the calling task is cancelled while the send waits (the
    ///   message may still go out).
    public func send(_ message: WebSocketMessage) async throws(CourierError) {
        do {
            try await channel.send(message)
        } catch {
            throw failure(error)
        }
        observer?.report(.sent(message))
    }

    /// Sends `value` as JSON, in a text message.
    /// - Parameters:
    ///   - value: The value.
    ///   - encoder: The encoder. `nil` by default: Courier's own, which writes what a `JSONEncoder`
    ///     with sorted keys writes.
    /// - Throws: ``CourierError/encodableMapping(_:)`` when the value does not encode; otherwise as
    ///   ``send(_:)``.
    public func send(encoding value: some Encodable, encoder: JSONEncoder? = nil) async throws(CourierError) {
        let data: Data
        do {
            data = try JSONBodyEncoder.encode(value, with: encoder)
        } catch {
            throw .encodableMapping(error)
        }
        try await send(.text(String(decoding: data, as: UTF8.self)))
    }

    /// Sends a ping and returns when the server's pong arrives.
    /// - Throws: as ``send(_:)``; a ``WebSocketError/pongTimedOut`` when no pong comes within the
    ///   configuration's ``WebSocketConfiguration/pongTimeout`` (the socket is then closed).
    public func ping() async throws(CourierError) {
        do {
            try await channel.ping()
        } catch {
            throw failure(error)
        }
    }

    /// Closes the socket: sends a close frame with `code` and `reason`, and returns when the server
    /// has answered with its own (or after ``WebSocketConfiguration/closeTimeout``, when the
    /// connection is dropped). Calling it again, or after the server closed, only waits for the end.
    /// - Parameters:
    ///   - code: The code. ``WebSocketCloseCode/normalClosure`` by default; a code that cannot be
    ///     sent (see ``WebSocketCloseCode/canBeSent``) is sent as `normalClosure`.
    ///   - reason: A short reason, cut to 123 bytes of UTF-8. Empty by default.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        await channel.close(code: code.canBeSent ? code : .normalClosure, reason: reason)
        observer?.reportClose(channel.closure)
    }

    /// `error` as the caller sees it: a ``WebSocketError`` inside ``CourierError/underlying(_:_:)``
    /// with the handshake's response, a cancellation as ``CourierError/cancelled``.
    func failure(_ error: any Error) -> CourierError {
        if error is CancellationError { return .cancelled }
        if let error = error as? CourierError { return error }
        return .underlying(error, response)
    }
}
