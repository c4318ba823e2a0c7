extension TransferMetrics {
    /// One line that sums the metrics up, as `NetworkLoggerPlugin` logs them with its
    /// `transferMetrics` option:
    ///
    /// ```text
    /// http/1.1 127.0.0.1:8080, new connection: dns 0.1 ms, connect 0.4 ms, first byte 3.1 ms, complete 3.2 ms; sent 99 B head; received 223 B head + 157 B body (187 B decoded)
    /// stubbed: no transfer
    /// from cache: no transfer
    /// ```
    ///
    /// Only what the transport measured appears; redirects and the whole duration come last when
    /// there are any. The line holds no URL, header or body.
    public var description: String {
        var parts: [String] = []
        switch origin {
        case .network: break
        case .stub: return "stubbed: no transfer"
        case .cache: return "from cache: no transfer"
        case .revalidated: parts.append("revalidated from cache")
        case .staleAfterError: parts.append("stale from cache after an error")
        }
        if let transaction = finalTransaction {
            parts.append(Self.summary(of: transaction))
        } else if origin == .network {
            parts.append("no transaction details")
        }
        if redirectCount > 0 { parts.append(redirectCount == 1 ? "1 redirect" : "\(redirectCount) redirects") }
        if let duration { parts.append(MillisecondsText.text(for: duration) + " in all") }
        return parts.joined(separator: "; ")
    }

    /// `h2 [::1]:443, reused connection: first byte 3.1 ms, complete 3.2 ms; sent …; received …`.
    private static func summary(of transaction: Transaction) -> String {
        var connection: [String] = []
        if let name = transaction.networkProtocol { connection.append(name) }
        if let address = transaction.remoteAddress {
            let host = address.contains(":") ? "[\(address)]" : address
            connection.append(transaction.remotePort.map { "\(host):\($0)" } ?? host)
        }
        var text = connection.joined(separator: " ")
        if let reused = transaction.isReusedConnection {
            if !text.isEmpty { text += ", " }
            text += reused ? "reused connection" : "new connection"
        }
        let timings = timings(of: transaction.timeline)
        if !timings.isEmpty { text += (text.isEmpty ? "" : ": ") + timings }
        var parts = [text]
        if let sent = bytes(head: transaction.requestHeaderBytes, body: transaction.requestBodyBytes) {
            parts.append("sent " + sent)
        }
        if var received = bytes(head: transaction.responseHeaderBytes, body: transaction.responseBodyBytes) {
            if let decoded = transaction.decodedResponseBodyBytes, decoded != transaction.responseBodyBytes {
                received += " (\(decoded) B decoded)"
            }
            parts.append("received " + received)
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// `dns 0.1 ms, connect 0.4 ms, tls 2.0 ms, sent 2.1 ms, first byte 3.1 ms, complete 3.2 ms`,
    /// the phases the timeline has.
    private static func timings(of timeline: Timeline) -> String {
        let phases: [(String, Duration?)] = [
            ("dns", timeline.domainLookupEnd), ("connect", timeline.connectEnd), ("tls", timeline.secureConnectionEnd),
            ("sent", timeline.requestEnd), ("first byte", timeline.responseStart), ("complete", timeline.responseEnd),
        ]
        return phases.compactMap { name, end in end.map { "\(name) \(MillisecondsText.text(for: $0))" } }
            .joined(separator: ", ")
    }

    /// `223 B head + 157 B body`, `99 B head`, or `nil` when neither is known. An empty body is
    /// left out.
    private static func bytes(head: Int64?, body: Int64?) -> String? {
        var parts: [String] = []
        if let head { parts.append("\(head) B head") }
        if let body, body > 0 { parts.append("\(body) B body") }
        if parts.isEmpty, body != nil { return "0 B body" }
        return parts.isEmpty ? nil : parts.joined(separator: " + ")
    }
}

/// Durations as Courier prints them: milliseconds with one decimal, rounded (`0.4 ms`, `12.3 ms`,
/// `1534.0 ms`), made with integer arithmetic that cannot overflow whatever the duration.
package enum MillisecondsText {
    /// The text for `duration`; a negative duration reads `0.0 ms`.
    package static func text(for duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return "0.0 ms" }
        // Tenths of a millisecond: 10^14 attoseconds each, 10^4 in a second.
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 10_000)
        let fraction = (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        guard !overflow, whole <= Int64.max - fraction else { return "\(seconds) s" }
        let tenths = whole + fraction
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
