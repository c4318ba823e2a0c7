import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport: WebSocketOpening {
    /// Opens a WebSocket: with the session's `URLSessionWebSocketTask` on Apple platforms; on Linux,
    /// where FoundationNetworking's needs a libcurl built with WebSocket support (Debian's is not),
    /// on a connection libcurl opens, as ``CurlTransport`` does, with Courier's own framing. The
    /// session's headers go with the handshake either way.
    package func openWebSocket(_ request: URLRequest, configuration: WebSocketConfiguration) async throws
        -> WebSocketHandshakeAnswer
    {
        if let refusal { throw refusal }
        #if os(Linux)
            if let reason = CurlLibrary.loadFailure {
                throw WebSocketError.unsupportedTransport("URLSessionTransport (on Linux it needs libcurl: \(reason))")
            }
            return try await SocketOpening.open(
                request, sessionHeaders: sessionHeaders, settings: CurlSettings(.default), configuration: configuration)
        #else
            return try await URLSessionWebSocketChannel.open(
                request, in: session, delegate: delegate, configuration: configuration)
        #endif
    }
}
