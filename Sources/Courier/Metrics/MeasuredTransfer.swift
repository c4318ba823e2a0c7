/// What a transport measured of an exchange, as a ``Response`` keeps it until someone reads
/// ``Response/metrics``: a value the transport reported, or libcurl's raw figures, turned into a
/// ``TransferMetrics`` only when read. Nothing here allocates for a request whose metrics nobody
/// reads.
enum MeasuredTransfer: Sendable {
    /// Nothing was measured: a stub, an answer from the cache, a response built by hand, or a
    /// transport that reports no metrics.
    case none
    /// What the transport reported (URLSession, or a transport of the user's own); boxed, so that
    /// this enum is one reference wide.
    indirect case reported(TransferMetrics)
    #if os(Linux)
        /// libcurl's figures, as read when the transfer ended.
        case curl(CurlMeasurements)
    #endif

    /// The metrics of a response from `origin`: the transport's, for an answer that crossed the
    /// network; the metrics of no transfer for a stub or a fresh answer from the cache; `nil`
    /// when a network answer has no measurement (a response built by hand, a transport that
    /// reports none).
    func metrics(origin: ResponseOrigin) -> TransferMetrics? {
        switch (origin, self) {
        case (.stub, _), (.cache, _):
            return .withoutTransfer(origin)
        case (.network, .none):
            return nil
        case (_, .none):
            // Stale after a failure that had no response: the cache answered, nothing was measured.
            return TransferMetrics(origin: origin)
        case (_, .reported(var metrics)):
            metrics.origin = origin
            return metrics
        #if os(Linux)
            case (_, .curl(let measurements)):
                return measurements.metrics(origin: origin)
        #endif
        }
    }
}
