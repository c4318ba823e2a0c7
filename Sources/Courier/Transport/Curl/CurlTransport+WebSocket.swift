#if os(Linux)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension CurlTransport: WebSocketOpening {
        /// Opens a WebSocket on a connection of its own, which libcurl opens as it opens a request's
        /// (the same proxy, TLS, trust store and pins, and name resolution) and then hands over:
        /// Courier's own RFC 6455 framing runs on it. The configuration's `additionalHeaders` go
        /// with the handshake (not `Accept-Encoding`: its answer has no body to decode).
        package func openWebSocket(_ request: URLRequest, configuration: WebSocketConfiguration) async throws
            -> WebSocketHandshakeAnswer
        {
            try await SocketOpening.open(
                request, sessionHeaders: self.configuration.additionalHeaders, settings: settings,
                configuration: configuration)
        }
    }
#endif
