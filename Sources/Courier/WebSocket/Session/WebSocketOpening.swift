import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the server answered a WebSocket's opening handshake with.
package enum WebSocketHandshakeAnswer: Sendable {
    /// `101 Switching Protocols`, checked: the socket is open.
    case upgraded(HTTPURLResponse, any WebSocketChannel)
    /// Another status, with the start of its body (at most 64 KiB, read for at most 5 seconds).
    case refused(HTTPURLResponse, body: Data)
}

/// A transport that can open WebSockets: ``CurlTransport`` and ``URLSessionTransport``. A
/// provider whose transport is not one refuses ``Provider/webSocket(_:isolation:)`` with
/// ``WebSocketError/unsupportedTransport(_:)``.
package protocol WebSocketOpening: Sendable {
    /// Sends the opening handshake `request` (a `GET` to a `ws`, `wss`, `http` or `https` URL, as the
    /// plugins left it) and returns the server's answer.
    /// - Throws: `URLError` or ``TLSError`` when the connection fails; ``WebSocketError`` when the
    ///   answer is a `101` that does not complete the handshake; `CancellationError`.
    func openWebSocket(_ request: URLRequest, configuration: WebSocketConfiguration) async throws
        -> WebSocketHandshakeAnswer
}
