#if os(Linux)
    internal import CCourierCurl

    /// What libcurl measured of a transfer, hop by hop, read in one call as each hop ends (the easy
    /// handle is reset for the next transfer, which clears them) and kept raw, in one allocation
    /// (none more without redirects). ``metrics(origin:)`` turns it into ``TransferMetrics`` when
    /// someone reads ``Response/metrics``.
    ///
    /// A class, not a struct: its 176 bytes would otherwise be carried inline by every value that
    /// brings a transfer's outcome back (the outcome, the direct answer, the response), and by the
    /// `async` frames that hold those while the request is in flight.
    ///
    /// libcurl's redirect counters stay at zero: Courier follows redirects itself, one libcurl
    /// transfer per hop (see ``CurlTransfer``), so each hop is a transaction of its own.
    final class CurlMeasurements: Sendable {
        /// One hop: libcurl's figures, and the body bytes Courier took from it, decoded.
        struct Hop: Sendable {
            let figures: courier_curl_metrics
            let decodedBodyBytes: Int64

            /// Reads the hop that just ended on `easy`.
            init(_ easy: CurlEasyHandle, decodedBodyBytes: Int64) {
                var figures = courier_curl_metrics()
                courier_curl_easy_metrics(easy.pointer, Self.hasPosttransfer ? 1 : 0, &figures)
                self.init(figures: figures, decodedBodyBytes: decodedBodyBytes)
            }

            /// A hop with these figures.
            init(figures: courier_curl_metrics, decodedBodyBytes: Int64) {
                self.figures = figures
                self.decodedBodyBytes = decodedBodyBytes
            }

            /// Whether libcurl reports when the request was sent (`CURLINFO_POSTTRANSFER_TIME_T`,
            /// libcurl 8.10 and later). Every other figure is there from 7.61, below Courier's floor.
            private static let hasPosttransfer = CurlLibrary.isAtLeast(8, 10)
        }

        /// The hops of the redirects followed, oldest first; empty (unallocated) without redirects.
        let redirects: [Hop]
        /// The hop that produced the response.
        let final: Hop
        /// From the transfer's start on the event loop to its end, in nanoseconds.
        let nanoseconds: UInt64

        /// Measurements of a transfer with these hops, `nanoseconds` long.
        init(redirects: [Hop], final: Hop, nanoseconds: UInt64) {
            self.redirects = redirects
            self.final = final
            self.nanoseconds = nanoseconds
        }

        /// The metrics, for a response from `origin`.
        func metrics(origin: ResponseOrigin) -> TransferMetrics {
            var transactions: [TransferMetrics.Transaction] = []
            transactions.reserveCapacity(redirects.count + 1)
            for hop in redirects { transactions.append(hop.transaction) }
            transactions.append(final.transaction)
            let duration: Duration? = nanoseconds <= UInt64(Int64.max) ? .nanoseconds(Int64(nanoseconds)) : nil
            return TransferMetrics(
                origin: origin, transactions: transactions, redirectCount: redirects.count, duration: duration)
        }
    }

    extension CurlMeasurements.Hop {
        /// The hop as a transaction: what libcurl reported, and nothing it did not. On a reused
        /// connection (libcurl opened none) there was no name lookup, connect or TLS handshake, so
        /// those phases are `nil`, whatever small times libcurl keeps for them.
        var transaction: TransferMetrics.Transaction {
            let reused: Bool? = figures.new_connections < 0 ? nil : figures.new_connections == 0
            let opened = reused == false
            let timeline = TransferMetrics.Timeline(
                domainLookupEnd: opened ? Self.duration(figures.namelookup_us) : nil,
                connectEnd: opened ? Self.duration(figures.connect_us) : nil,
                // 0 when no handshake was made (plain HTTP).
                secureConnectionEnd: opened && figures.appconnect_us > 0 ? Self.duration(figures.appconnect_us) : nil,
                requestEnd: Self.duration(figures.posttransfer_us),
                responseStart: Self.duration(figures.starttransfer_us),
                responseEnd: Self.duration(figures.total_us))
            return TransferMetrics.Transaction(
                timeline: timeline, networkProtocol: Self.protocolName(figures.http_version),
                isReusedConnection: reused, remoteAddress: remoteAddress,
                remotePort: figures.primary_port > 0 ? figures.primary_port : nil,
                requestHeaderBytes: Self.count(figures.request_header_bytes),
                requestBodyBytes: Self.count(figures.request_body_bytes),
                responseHeaderBytes: Self.count(figures.response_header_bytes),
                responseBodyBytes: Self.count(figures.response_body_bytes),
                decodedResponseBodyBytes: decodedBodyBytes)
        }

        /// The server's address as libcurl wrote it, or `nil` when it wrote none.
        private var remoteAddress: String? {
            withUnsafeBytes(of: figures.primary_ip) { bytes in
                let text = bytes.prefix { $0 != 0 }
                return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
            }
        }

        /// A time libcurl reported in microseconds; `nil` for its "unknown" (-1).
        private static func duration(_ microseconds: Int64) -> Duration? {
            microseconds >= 0 ? .microseconds(microseconds) : nil
        }

        /// A byte count libcurl reported; `nil` for its "unknown" (-1).
        private static func count(_ bytes: Int64) -> Int64? {
            bytes >= 0 ? bytes : nil
        }

        /// The ALPN name of a `CURLINFO_HTTP_VERSION` value.
        private static func protocolName(_ version: Int) -> String? {
            switch version {
            case Int(COURIER_CURL_HTTP_VERSION_1_0): "http/1.0"
            case Int(COURIER_CURL_HTTP_VERSION_1_1): "http/1.1"
            case Int(COURIER_CURL_HTTP_VERSION_2_0): "h2"
            case Int(COURIER_CURL_HTTP_VERSION_3): "h3"
            default: nil
            }
        }
    }
#endif
