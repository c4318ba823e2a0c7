import Foundation

/// The open connection behind a ``WebSocket``: Courier's own framing over a socket libcurl opened,
/// `URLSessionWebSocketTask` on Apple platforms, or a stub's scripted peer. The ``WebSocket`` wraps
/// it with the pipeline's errors, decoding and plugins.
package protocol WebSocketChannel: AnyObject, Sendable {
    /// The subprotocol the server chose, or `nil`.
    var negotiatedProtocol: String? { get }
    /// How the socket closed: the code and reason ``WebSocket/closeCode`` reports; `nil` while open.
    var closure: WebSocketClosure? { get }

    /// The next message; `nil` once the closing handshake has ended and every message was taken.
    /// Cancelling the waiting task closes the channel with ``WebSocketCloseCode/goingAway``.
    /// - Throws: ``WebSocketError``, `CancellationError`, or ``StreamError/alreadyRead`` for a second
    ///   reader waiting at once.
    func next() async throws -> WebSocketMessage?

    /// Sends `message`, returning once the socket has taken its bytes (waiting while it cannot).
    /// - Throws: ``WebSocketError/notOpen(_:)`` once a close frame was sent or received;
    ///   ``WebSocketError`` when the connection failed; `CancellationError`.
    func send(_ message: WebSocketMessage) async throws

    /// Sends a ping and waits for its pong.
    /// - Throws: as ``send(_:)``.
    func ping() async throws

    /// Starts the closing handshake with `code` and `reason` and waits until it ends (or the close
    /// timeout passes); does nothing more when it has started already, but still waits.
    func close(code: WebSocketCloseCode, reason: String) async

    /// Starts the closing handshake with `code` and returns at once: for a socket nobody holds any
    /// more, or whose reader was cancelled.
    func closeWithoutWaiting(code: WebSocketCloseCode)
}

/// How a socket's connection ended: the code and reason it reports, and the error, if any, that
/// its messages end with.
package struct WebSocketClosure: Sendable, Equatable {
    /// The peer's code in a clean closing handshake (``WebSocketCloseCode/noStatusReceived`` when
    /// its close frame had none); the code Courier sent when it failed the connection;
    /// ``WebSocketCloseCode/abnormalClosure`` when the connection just ended.
    package var code: WebSocketCloseCode
    /// The peer's reason; empty when it gave none.
    package var reason: String
    /// Why the connection failed; `nil` for a clean closing handshake.
    package var error: WebSocketError?

    package init(code: WebSocketCloseCode, reason: String, error: WebSocketError?) {
        self.code = code
        self.reason = reason
        self.error = error
    }

    /// The closure a failure with `error` leaves: the code Courier sent for it, or 1006.
    package static func failed(_ error: WebSocketError) -> WebSocketClosure {
        WebSocketClosure(code: error.closeCode ?? .abnormalClosure, reason: "", error: error)
    }
}
