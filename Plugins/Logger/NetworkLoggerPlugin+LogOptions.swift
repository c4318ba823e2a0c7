extension NetworkLoggerPlugin.Configuration {
    /// Which parts of requests and responses ``NetworkLoggerPlugin`` logs. The raw values are
    /// Moya's.
    ///
    /// The request's URL and the response's status line (or the error) are always logged.
    public struct LogOptions: OptionSet, Sendable, Hashable {
        /// The option bits.
        public let rawValue: Int

        /// Creates options from their bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The request's method: `HTTP Request Method: GET`.
        public static let requestMethod = LogOptions(rawValue: 1 << 0)
        /// The request's body: `Request Body: …`, and `Request Body Stream: …` for a stream.
        public static let requestBody = LogOptions(rawValue: 1 << 1)
        /// The request's headers, the transport's session headers merged in with the request's
        /// winning: `Request Headers: [...]`.
        public static let requestHeaders = LogOptions(rawValue: 1 << 2)
        /// The request as one `curl` command line that replays it (secrets redacted), instead of
        /// the separate request entries.
        public static let formatRequestAscURL = LogOptions(rawValue: 1 << 3)
        /// The body of successful responses: `Response Body: …`.
        public static let successResponseBody = LogOptions(rawValue: 1 << 4)
        /// The body of responses that failed (for example by validation): `Response Body: …`.
        public static let errorResponseBody = LogOptions(rawValue: 1 << 5)
        /// A one-line summary of each response's ``TransferMetrics`` (``Response/metrics``): the
        /// protocol, server address and connection, when each phase ended, the bytes each way,
        /// redirects; `stubbed: no transfer` for a stub and `from cache: no transfer` for an answer
        /// from the cache. `Metrics: …`, after the response line. Not part of ``verbose``, which
        /// keeps Moya's meaning; metrics hold no URL, header or body, so the line shows no secret.
        public static let transferMetrics = LogOptions(rawValue: 1 << 6)
        /// Each message of a WebSocket, sent and received (`WebSocket Sent: …`, `WebSocket
        /// Received: …`), rendered as bodies are (binary summarised, long text cut) and redacted as
        /// everything the logger writes is. Not part of ``verbose``: a socket may carry thousands of
        /// messages. The handshake is logged as a request either way, and the close in one line.
        public static let webSocketMessages = LogOptions(rawValue: 1 << 7)

        /// Method and headers of requests: `[.requestMethod, .requestHeaders]`.
        public static let `default`: LogOptions = [requestMethod, requestHeaders]
        /// Everything but the cURL line:
        /// `[.requestMethod, .requestHeaders, .requestBody, .successResponseBody, .errorResponseBody]`.
        public static let verbose: LogOptions = [
            requestMethod, requestHeaders, requestBody, successResponseBody, errorResponseBody,
        ]
    }
}
