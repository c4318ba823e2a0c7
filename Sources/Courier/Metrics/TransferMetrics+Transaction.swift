extension TransferMetrics {
    /// One request sent and its response received: the connection it went over, when each phase
    /// ended, and how many bytes went each way.
    public struct Transaction: Sendable, Hashable {
        /// When each phase ended, from the start of this transaction.
        public var timeline: Timeline
        /// The protocol the response came in, by its ALPN name: `http/1.0`, `http/1.1`, `h2` or
        /// `h3`.
        public var networkProtocol: String?
        /// Whether the request went over a connection an earlier request had opened (then
        /// ``Timeline/domainLookupEnd``, ``Timeline/connectEnd`` and
        /// ``Timeline/secureConnectionEnd`` are `nil`: those phases did not happen).
        public var isReusedConnection: Bool?
        /// The IP address of the server (or proxy) the connection went to, e.g. `127.0.0.1` or
        /// `::1`.
        public var remoteAddress: String?
        /// The port of the server (or proxy) the connection went to.
        public var remotePort: Int?
        /// Bytes of the request's head: request line and header fields (for HTTP/2 and HTTP/3,
        /// libcurl counts them in their HTTP/1.1 form; URLSession as it sent them).
        public var requestHeaderBytes: Int64?
        /// Bytes of the request's body as sent.
        public var requestBodyBytes: Int64?
        /// Bytes of the response's heads: status lines and header fields, an informational head's
        /// included (counted as for ``requestHeaderBytes``).
        public var responseHeaderBytes: Int64?
        /// Bytes of the response's body as they arrived, before any content decoding (`gzip`, `br`,
        /// …).
        public var responseBodyBytes: Int64?
        /// Bytes of the response's body after content decoding: what the body holds. Equal to
        /// ``responseBodyBytes`` for a body without a content encoding.
        public var decodedResponseBodyBytes: Int64?

        /// Creates a transaction; every field is unknown (`nil`) unless given.
        /// - Parameters:
        ///   - timeline: When each phase ended. Empty by default.
        ///   - networkProtocol: The ALPN name of the protocol.
        ///   - isReusedConnection: Whether the connection was opened by an earlier request.
        ///   - remoteAddress: The server's IP address.
        ///   - remotePort: The server's port.
        ///   - requestHeaderBytes: Bytes of the request's head.
        ///   - requestBodyBytes: Bytes of the request's body as sent.
        ///   - responseHeaderBytes: Bytes of the response's heads.
        ///   - responseBodyBytes: Bytes of the response's body as they arrived.
        ///   - decodedResponseBodyBytes: Bytes of the response's body after content decoding.
        public init(
            timeline: Timeline = Timeline(), networkProtocol: String? = nil, isReusedConnection: Bool? = nil,
            remoteAddress: String? = nil, remotePort: Int? = nil, requestHeaderBytes: Int64? = nil,
            requestBodyBytes: Int64? = nil, responseHeaderBytes: Int64? = nil, responseBodyBytes: Int64? = nil,
            decodedResponseBodyBytes: Int64? = nil
        ) {
            self.timeline = timeline
            self.networkProtocol = networkProtocol
            self.isReusedConnection = isReusedConnection
            self.remoteAddress = remoteAddress
            self.remotePort = remotePort
            self.requestHeaderBytes = requestHeaderBytes
            self.requestBodyBytes = requestBodyBytes
            self.responseHeaderBytes = responseHeaderBytes
            self.responseBodyBytes = responseBodyBytes
            self.decodedResponseBodyBytes = decodedResponseBodyBytes
        }
    }

    /// When each phase of a transaction ended, as the time since the transaction started (the
    /// names are those of `URLSessionTaskTransactionMetrics`). A phase that did not happen (no
    /// name lookup, connection or TLS handshake on a reused connection; no TLS over plain HTTP), or
    /// that the transport does not report, is `nil`.
    ///
    /// The phases are in order, each ending no earlier than the one before, except that a server
    /// that answers before the whole request body is sent (an early error, a `100 Continue`) has
    /// ``responseStart`` before ``requestEnd``.
    public struct Timeline: Sendable, Hashable {
        /// The server's name was resolved to an address.
        public var domainLookupEnd: Duration?
        /// The TCP connection was established (before any TLS handshake).
        public var connectEnd: Duration?
        /// The TLS handshake was done.
        public var secureConnectionEnd: Duration?
        /// The last byte of the request was sent.
        public var requestEnd: Duration?
        /// The first byte of the response arrived.
        public var responseStart: Duration?
        /// The last byte of the response arrived.
        public var responseEnd: Duration?

        /// Creates a timeline; every phase is unknown (`nil`) unless given.
        /// - Parameters:
        ///   - domainLookupEnd: When the name was resolved.
        ///   - connectEnd: When the TCP connection was established.
        ///   - secureConnectionEnd: When the TLS handshake was done.
        ///   - requestEnd: When the request was sent.
        ///   - responseStart: When the first byte of the response arrived.
        ///   - responseEnd: When the last byte of the response arrived.
        public init(
            domainLookupEnd: Duration? = nil, connectEnd: Duration? = nil, secureConnectionEnd: Duration? = nil,
            requestEnd: Duration? = nil, responseStart: Duration? = nil, responseEnd: Duration? = nil
        ) {
            self.domainLookupEnd = domainLookupEnd
            self.connectEnd = connectEnd
            self.secureConnectionEnd = secureConnectionEnd
            self.requestEnd = requestEnd
            self.responseStart = responseStart
            self.responseEnd = responseEnd
        }
    }
}
