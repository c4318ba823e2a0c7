#if os(Linux)
    internal import CCourierCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The libcurl options of a transfer, set on the loop's thread when it starts and again on the
    /// same easy handle after each redirect.
    extension CurlTransfer {
        /// Applies the plan to `easy`; `false` when libcurl refuses an option.
        /// - Parameters:
        ///   - share: The loop's share handle (cookies), if it has one.
        ///   - connections: The loop's sockets, for the check of reused connections.
        func configure(
            _ easy: CurlEasyHandle, share: UnsafeMutableRawPointer?, connections: CurlConnections? = nil
        ) -> Bool {
            self.easy = easy
            // Sockets are tracked only where reused connections are checked (their closing is
            // reported only then).
            self.connections = CurlConnections.checksReusedConnections ? connections : nil
            easy.attach(plan)
            touch()
            if startedAt == 0 { startedAt = CurlClock.now() }
            let context = Unmanaged.passUnretained(self).toOpaque()
            let configuration = settings.configuration
            easy.attachErrorBuffer()
            var status = easy.set(COURIER_CURLOPT_URL, plan.url.absoluteString)
            if easy.set(COURIER_CURLOPT_PROTOCOLS_STR, "http,https") != 0 {
                easy.set(COURIER_CURLOPT_PROTOCOLS, Int(COURIER_CURLPROTO_HTTP | COURIER_CURLPROTO_HTTPS))
            }
            easy.set(COURIER_CURLOPT_NOSIGNAL, 1)
            easy.set(COURIER_CURLOPT_TCP_KEEPALIVE, 1)
            easy.set(COURIER_CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
            if isStream {
                // Decoded by CurlStreamDelivery, in pieces the reader takes: libcurl would decode
                // all it reads, paused or not. The session's Accept-Encoding still goes out.
                easy.set(COURIER_CURLOPT_HTTP_CONTENT_DECODING, 0)
            } else {
                easy.set(COURIER_CURLOPT_ACCEPT_ENCODING, "")
                // Decoded by CurlBodyDecoding, which can tell a compressed body cut short (libcurl
                // hands over what inflated and reports success).
                easy.set(COURIER_CURLOPT_HTTP_CONTENT_DECODING, 0)
            }
            easy.set(COURIER_CURLOPT_BUFFERSIZE, settings.receiveBufferSize)
            easy.set(COURIER_CURLOPT_HTTP_VERSION, isStream ? Int(COURIER_CURL_HTTP_VERSION_1_1) : settings.httpVersion)
            status |= easy.set(COURIER_CURLOPT_HTTPHEADER, pointer: plan.headers)
            easy.set(COURIER_CURLOPT_HEADERFUNCTION, curlHeaderCallback)
            easy.set(COURIER_CURLOPT_HEADERDATA, pointer: context)
            easy.set(COURIER_CURLOPT_WRITEFUNCTION, curlWriteCallback)
            easy.set(COURIER_CURLOPT_WRITEDATA, pointer: context)
            easy.set(COURIER_CURLOPT_SOCKOPTFUNCTION, curlSocketCallback)
            easy.set(COURIER_CURLOPT_SOCKOPTDATA, pointer: context)
            if let connections = self.connections {
                easy.set(COURIER_CURLOPT_CLOSESOCKETFUNCTION, curlCloseSocketCallback)
                easy.set(COURIER_CURLOPT_CLOSESOCKETDATA, pointer: Unmanaged.passUnretained(connections).toOpaque())
                easy.set(COURIER_CURLOPT_PREREQFUNCTION, curlPrerequestCallback)
                easy.set(COURIER_CURLOPT_PREREQDATA, pointer: context)
            }
            if usesFreshConnection || (isStream && !CurlLibrary.isAtLeast(7, 77)) {
                easy.set(COURIER_CURLOPT_FRESH_CONNECT, 1)
            }
            if settings.resolverRelease == .quickExit { easy.set(COURIER_CURLOPT_QUICK_EXIT, 1) }
            status |= configureMethod(easy, context: context)
            if configuration.acceptsCookies, let share {
                easy.set(COURIER_CURLOPT_SHARE, pointer: share)
                easy.set(COURIER_CURLOPT_COOKIEFILE, "")
            }
            if let proxy = settings.proxy { status |= easy.set(COURIER_CURLOPT_PROXY, proxy) }
            if plan.url.scheme?.lowercased() == "https" {
                if !isStream { easy.set(COURIER_CURLOPT_PIPEWAIT, 1) }
                if let file = settings.trustedCertificates { status |= easy.set(COURIER_CURLOPT_CAINFO, file) }
                if let pins = settings.pins(for: plan.url.host ?? "") {
                    status |= easy.set(COURIER_CURLOPT_PINNEDPUBLICKEY, pins)
                }
            }
            return status == 0
        }

        /// Whether the body goes to a stream, which may pause. A paused transfer holds its server
        /// back only on a connection nobody else reads: on a shared HTTP/2 connection libcurl keeps
        /// reading for the other streams, and a paused one receives up to its stream window
        /// (32 MiB in libcurl 7.88, 10 MiB in 8.x) into memory. So a stream asks for HTTP/1.1,
        /// which no other transfer can share; before libcurl 7.77, which could still put an
        /// HTTP/1.1 transfer on an idle HTTP/2 connection, it also asks for a new connection.
        private var isStream: Bool {
            if case .stream = sink { return true }
            return false
        }

        /// The method, and the body: sent with the head when it is small and in memory, otherwise
        /// read through the read callback.
        private func configureMethod(_ easy: CurlEasyHandle, context: UnsafeMutableRawPointer) -> Int32 {
            let method = plan.method
            guard let body = plan.body else {
                switch method {
                case "GET": return 0
                case "HEAD": return easy.set(COURIER_CURLOPT_NOBODY, 1)
                default: return easy.set(COURIER_CURLOPT_CUSTOMREQUEST, method)
                }
            }
            var status = easy.set(COURIER_CURLOPT_POST, 1)
            if let bytes = body.inlineBytes {
                // Sent with the head (libcurl resends it by itself on a new connection).
                status |= easy.set(COURIER_CURLOPT_POSTFIELDS, pointer: UnsafeRawPointer(bytes.baseAddress))
                body.handedOverWhole()
            } else {
                easy.set(COURIER_CURLOPT_READFUNCTION, curlReadCallback)
                easy.set(COURIER_CURLOPT_READDATA, pointer: context)
                easy.set(COURIER_CURLOPT_SEEKFUNCTION, curlSeekCallback)
                easy.set(COURIER_CURLOPT_SEEKDATA, pointer: context)
                if body.size > 64 * 1024 { easy.set(COURIER_CURLOPT_UPLOAD_BUFFERSIZE, 512 * 1024) }
            }
            status |= easy.set(COURIER_CURLOPT_POSTFIELDSIZE_LARGE, body.size)
            if method != "POST" { status |= easy.set(COURIER_CURLOPT_CUSTOMREQUEST, method) }
            return status
        }
    }
#endif
