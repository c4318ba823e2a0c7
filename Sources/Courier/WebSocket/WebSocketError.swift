import Foundation

/// Why a WebSocket failed to open or ended without a clean closing handshake; it reaches the caller
/// inside ``CourierError/underlying(_:_:)``, with the handshake's ``Response`` when there was one.
///
/// ```swift
/// do {
///     for try await message in socket.messages { handle(message) }
/// } catch let error as CourierError {
///     if case .underlying(let socketError as WebSocketError, _) = error { print(socketError) }
/// }
/// ```
///
/// A closing handshake the server starts, with any code, is no error: ``WebSocket/messages`` ends,
/// and ``WebSocket/closeCode`` and ``WebSocket/closeReason`` say how it closed.
public enum WebSocketError: Error, Sendable, Hashable {
    /// The server answered the opening handshake with `101` but not with a valid upgrade; the text
    /// names the header that was wrong (`Sec-WebSocket-Accept`, `Upgrade`, `Connection`, a
    /// subprotocol or an extension that was not offered).
    case handshakeRefused(String)
    /// The server broke RFC 6455; the text says how. Courier closed with
    /// ``WebSocketCloseCode/protocolError`` (1002).
    case protocolViolation(String)
    /// A text message or a close reason was not UTF-8, or a compressed message did not inflate.
    /// Courier closed with ``WebSocketCloseCode/invalidFramePayloadData`` (1007).
    case invalidPayload(String)
    /// A message grew past ``WebSocketConfiguration/maximumMessageSize`` (`limit` bytes, counted
    /// after inflating). Courier closed with ``WebSocketCloseCode/messageTooBig`` (1009) without
    /// reading the rest.
    case messageTooBig(limit: Int)
    /// The connection ended without a closing handshake: the server reset or closed it, mid message
    /// or between messages. A message that had not arrived whole is not delivered. The text is the
    /// system's description, when it gave one.
    case connectionLost(String?)
    /// The server did not answer a ping within ``WebSocketConfiguration/pongTimeout``. Courier
    /// closed with ``WebSocketCloseCode/goingAway`` (1001).
    case pongTimedOut
    /// The server did not answer a close frame within ``WebSocketConfiguration/closeTimeout``;
    /// Courier dropped the connection.
    case closeTimedOut
    /// A message was sent on a socket that is closing or closed; the code is the one it closed
    /// with, when the closing handshake has ended.
    case notOpen(WebSocketCloseCode?)
    /// The provider's transport cannot open WebSockets (a custom ``HTTPTransport``); the text names
    /// it. ``CurlTransport`` (Linux) and ``URLSessionTransport`` can.
    case unsupportedTransport(String)
    /// The target cannot open a WebSocket, or a ``HTTPTask/webSocket(protocols:)`` target was sent as
    /// a plain request; the text says which and what to call instead.
    case wrongTask(String)

    /// The code Courier closed the connection with because of this error, when it sent one.
    public var closeCode: WebSocketCloseCode? {
        switch self {
        case .protocolViolation: .protocolError
        case .invalidPayload: .invalidFramePayloadData
        case .messageTooBig: .messageTooBig
        case .pongTimedOut: .goingAway
        case .handshakeRefused, .connectionLost, .closeTimedOut, .notOpen, .unsupportedTransport, .wrongTask: nil
        }
    }
}

extension WebSocketError: LocalizedError, CustomStringConvertible {
    /// What went wrong, in a sentence.
    public var errorDescription: String? { description }

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .handshakeRefused(let reason):
            "The server did not complete the WebSocket handshake: \(reason)."
        case .protocolViolation(let reason):
            "The server broke the WebSocket protocol (\(reason)); the socket was closed with 1002."
        case .invalidPayload(let reason):
            "The server sent invalid data (\(reason)); the socket was closed with 1007."
        case .messageTooBig(let limit):
            "A message was larger than the maximum of \(limit) bytes; the socket was closed with 1009."
        case .connectionLost(let reason):
            "The WebSocket connection ended without a closing handshake" + (reason.map { ": \($0)." } ?? ".")
        case .pongTimedOut:
            "The server did not answer a ping in time; the socket was closed with 1001."
        case .closeTimedOut:
            "The server did not answer the close frame in time; the connection was dropped."
        case .notOpen(let code):
            "The WebSocket is not open" + (code.map { " (it closed with \($0))." } ?? "; it is closing.")
        case .unsupportedTransport(let name):
            "The provider's transport, \(name), cannot open WebSockets; use CurlTransport or URLSessionTransport."
        case .wrongTask(let reason):
            reason
        }
    }
}
