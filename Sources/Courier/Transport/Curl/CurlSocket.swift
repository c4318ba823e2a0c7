#if os(Linux)
    internal import CCourierCurl
    import Foundation

    /// A connection libcurl opened and handed over (`CURLOPT_CONNECT_ONLY`): name resolution, the
    /// proxy tunnel, TLS and pinning are libcurl's, as for ``CurlTransport``'s requests; the bytes on
    /// it are Courier's, through `curl_easy_send` and `curl_easy_recv` (WebSockets).
    ///
    /// The handle stays on a multi handle of its own: libcurl finds the connection of a
    /// connect-only transfer through the multi handle that made it, and closes it when the handle
    /// leaves. Used by one thread at a time.
    final class CurlSocket: ByteConnection {
        private let easy: CurlEasyHandle
        private let multi: UnsafeMutableRawPointer
        let descriptor: Int32
        let isDrainedByShortRead: Bool
        /// Whether sends block SIGPIPE around them (OpenSSL under libcurl before 7.87).
        private let guardsSIGPIPE: Int32
        private var isClosed = false
        /// libcurl reads at most its buffer's size from the socket at once (`CURLOPT_BUFFERSIZE`,
        /// set to the transport's receive buffer size).
        let largestRead: Int

        private init(
            easy: CurlEasyHandle, multi: UnsafeMutableRawPointer, descriptor: Int32, isSecure: Bool, largestRead: Int
        ) {
            self.easy = easy
            self.multi = multi
            self.descriptor = descriptor
            self.largestRead = largestRead
            isDrainedByShortRead = !isSecure
            guardsSIGPIPE = isSecure && !CurlLibrary.isAtLeast(7, 87) ? 1 : 0
        }

        deinit {
            close()
            courier_curl_multi_cleanup(multi)
        }

        /// The multi handle a connection is being opened on, for ``cancel(_:)`` from another thread.
        struct Opening: @unchecked Sendable {
            // @unchecked Sendable: only courier_curl_multi_wakeup, which libcurl allows from any
            // thread, is called through it, and only while `connect` runs.
            fileprivate let multi: UnsafeMutableRawPointer
        }

        /// Opens a connection to `host`:`port` as `settings` say, blocking the calling thread until it
        /// is open (TLS too, for `isSecure`), it fails, or `isCancelled` says so after `opening` was
        /// woken.
        /// - Parameters:
        ///   - timeout: The most the connection may take, in seconds.
        ///   - opening: Told the multi handle, which ``cancel(_:)`` wakes.
        /// - Throws: `URLError` or ``TLSError`` as ``CurlTransport`` reports them; `CancellationError`.
        static func connect(
            host: String, port: Int, isSecure: Bool, settings: CurlSettings, timeout: TimeInterval,
            opening: (Opening) -> Void, isCancelled: () -> Bool
        ) throws -> CurlSocket {
            guard let easy = CurlEasyHandle(), let multi = courier_curl_multi_init() else {
                throw URLError(.cannotConnectToHost)
            }
            let url = "\(isSecure ? "https" : "http")://\(host):\(port)/"
            guard configure(easy, url: url, isSecure: isSecure, settings: settings, timeout: timeout),
                courier_curl_multi_add_handle(multi, easy.pointer) == 0
            else {
                courier_curl_multi_cleanup(multi)
                throw URLError(.cannotConnectToHost)
            }
            opening(Opening(multi: multi))
            let result = perform(multi, isCancelled: isCancelled)
            var socket: Int32 = -1
            if result == COURIER_CURLE_OK {
                courier_curl_easy_getinfo_socket(easy.pointer, COURIER_CURLINFO_ACTIVESOCKET, &socket)
            }
            guard result == COURIER_CURLE_OK, socket >= 0 else {
                let error: any Error =
                    isCancelled()
                    ? CancellationError()
                    : CurlFailure.error(
                        result == COURIER_CURLE_OK ? COURIER_CURLE_COULDNT_CONNECT : result, message: easy.errorMessage,
                        host: host, osError: easy.long(COURIER_CURLINFO_OS_ERRNO))
                courier_curl_multi_remove_handle(multi, easy.pointer)
                courier_curl_multi_cleanup(multi)
                throw error
            }
            return CurlSocket(
                easy: easy, multi: multi, descriptor: socket, isSecure: isSecure,
                largestRead: settings.receiveBufferSize)
        }

        /// Wakes a ``connect(host:port:isSecure:settings:timeout:opening:isCancelled:)`` under way, from
        /// any thread, so that it looks at its cancellation.
        static func cancel(_ opening: Opening) {
            courier_curl_multi_wakeup(opening.multi)
        }

        private static func configure(
            _ easy: CurlEasyHandle, url: String, isSecure: Bool, settings: CurlSettings, timeout: TimeInterval
        ) -> Bool {
            easy.attachErrorBuffer()
            var status = easy.set(COURIER_CURLOPT_URL, url)
            if easy.set(COURIER_CURLOPT_PROTOCOLS_STR, "http,https") != 0 {
                easy.set(COURIER_CURLOPT_PROTOCOLS, Int(COURIER_CURLPROTO_HTTP | COURIER_CURLPROTO_HTTPS))
            }
            status |= easy.set(COURIER_CURLOPT_CONNECT_ONLY, 1)
            // libcurl's default, 16 KiB, would cut the payload of a large message into reads of that
            // size, each one a system call (see `largestRead`).
            easy.set(COURIER_CURLOPT_BUFFERSIZE, settings.receiveBufferSize)
            easy.set(COURIER_CURLOPT_NOSIGNAL, 1)
            easy.set(COURIER_CURLOPT_TCP_KEEPALIVE, 1)
            easy.set(COURIER_CURLOPT_TCP_NODELAY, 1)
            // Through a proxy, a plain ws:// connection is tunnelled as wss:// is: the upgrade is
            // for the server, not the proxy.
            easy.set(COURIER_CURLOPT_HTTPPROXYTUNNEL, 1)
            easy.set(COURIER_CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
            if timeout > 0, timeout < Double(Int.max / 1000) {
                easy.set(COURIER_CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(timeout * 1000)))
            }
            if settings.resolverRelease == .quickExit { easy.set(COURIER_CURLOPT_QUICK_EXIT, 1) }
            if let proxy = settings.proxy { status |= easy.set(COURIER_CURLOPT_PROXY, proxy) }
            if isSecure {
                if let file = settings.trustedCertificates { status |= easy.set(COURIER_CURLOPT_CAINFO, file) }
                let host = URL(string: url)?.host ?? ""
                if let pins = settings.pins(for: host) { status |= easy.set(COURIER_CURLOPT_PINNEDPUBLICKEY, pins) }
            }
            return status == 0
        }

        /// Drives the connect-only transfer until it ends; its result, or
        /// `COURIER_CURLE_ABORTED_BY_CALLBACK` once `isCancelled`.
        private static func perform(_ multi: UnsafeMutableRawPointer, isCancelled: () -> Bool) -> Int32 {
            while true {
                var running: Int32 = 0
                courier_curl_multi_perform(multi, &running)
                var finished: UnsafeMutableRawPointer?
                var result: Int32 = 0
                if courier_curl_multi_next_done(multi, &finished, &result) != 0 { return result }
                if isCancelled() { return COURIER_CURLE_ABORTED_BY_CALLBACK }
                var ready: Int32 = 0
                courier_curl_multi_poll(multi, 1000, &ready)
            }
        }

        func send(_ bytes: UnsafeRawBufferPointer) -> ByteTransfer {
            guard !isClosed else { return .failed("the connection is closed") }
            guard let base = bytes.baseAddress, bytes.count > 0 else { return .transferred(0) }
            var sent = 0
            let status = courier_curl_easy_send(easy.pointer, base, bytes.count, &sent, guardsSIGPIPE)
            return transfer(status, sent)
        }

        func receive(into buffer: UnsafeMutableRawBufferPointer) -> ByteTransfer {
            guard !isClosed else { return .failed("the connection is closed") }
            guard let base = buffer.baseAddress, buffer.count > 0 else { return .transferred(0) }
            var received = 0
            let status = courier_curl_easy_recv(easy.pointer, base, min(buffer.count, largestRead), &received)
            return transfer(status, received)
        }

        private func transfer(_ status: Int32, _ count: Int) -> ByteTransfer {
            switch status {
            case COURIER_CURLE_OK: return .transferred(count)
            case COURIER_CURLE_AGAIN: return .wouldBlock
            default: return .failed(CurlLibrary.describe(status))
            }
        }

        func close() {
            guard !isClosed else { return }
            isClosed = true
            // Leaving the multi handle closes the connection (libcurl closes connect-only
            // connections then, since nothing could use them again).
            courier_curl_multi_remove_handle(multi, easy.pointer)
        }
    }
#endif
