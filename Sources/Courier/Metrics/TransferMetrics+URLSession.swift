#if !canImport(FoundationNetworking)
    import Foundation

    /// ``TransferMetrics`` from URLSession's own, on Apple platforms (FoundationNetworking reports
    /// none). Every field used here is there from iOS 13, macOS 10.15, tvOS 13 and watchOS 6, below
    /// Courier's floor.
    extension TransferMetrics {
        /// The metrics URLSession collected for a task: its transactions, redirects and interval.
        init(_ metrics: URLSessionTaskMetrics) {
            self.init(
                origin: .network, transactions: metrics.transactionMetrics.map(Transaction.init),
                redirectCount: metrics.redirectCount, duration: Self.duration(metrics.taskInterval.duration))
        }

        /// `seconds` as a duration; `nil` for a value no clock gives (negative, not finite, absurd).
        static func duration(_ seconds: TimeInterval) -> Duration? {
            seconds.isFinite && seconds >= 0 && seconds < 1e9 ? .seconds(seconds) : nil
        }
    }

    extension TransferMetrics.Transaction {
        /// One of URLSession's transactions. Its phases are measured from `fetchStartDate`; the TCP
        /// connection's end is where the TLS handshake starts when there is one (URLSession's
        /// `connectEndDate` comes after the handshake, libcurl's connect time before it).
        init(_ metrics: URLSessionTaskTransactionMetrics) {
            let start = metrics.fetchStartDate
            func since(_ date: Date?) -> Duration? {
                guard let start, let date else { return nil }
                return TransferMetrics.duration(date.timeIntervalSince(start))
            }
            let tcpEnd = metrics.secureConnectionStartDate ?? metrics.connectEndDate
            self.init(
                timeline: TransferMetrics.Timeline(
                    domainLookupEnd: since(metrics.domainLookupEndDate), connectEnd: since(tcpEnd),
                    secureConnectionEnd: since(metrics.secureConnectionEndDate),
                    requestEnd: since(metrics.requestEndDate),
                    responseStart: since(metrics.responseStartDate), responseEnd: since(metrics.responseEndDate)),
                networkProtocol: metrics.networkProtocolName, isReusedConnection: metrics.isReusedConnection,
                remoteAddress: metrics.remoteAddress, remotePort: metrics.remotePort,
                requestHeaderBytes: metrics.countOfRequestHeaderBytesSent,
                requestBodyBytes: metrics.countOfRequestBodyBytesSent,
                responseHeaderBytes: metrics.countOfResponseHeaderBytesReceived,
                responseBodyBytes: metrics.countOfResponseBodyBytesReceived,
                decodedResponseBodyBytes: metrics.countOfResponseBodyBytesAfterDecoding)
        }
    }
#endif
