#if os(Linux)
    import Foundation

    /// What a transfer keeps of libcurl's measurements (see ``CurlMeasurements``), on the loop's
    /// thread: each hop's figures are read in one call as the hop ends, before its easy handle is
    /// reset.
    extension CurlTransfer {
        /// Keeps the figures of the redirect hop that just ended on `easy` (call it before the
        /// handle is reset for the next hop).
        func measureRedirectHop(on easy: CurlEasyHandle) {
            redirectHops.append(CurlMeasurements.Hop(easy, decodedBodyBytes: discarded))
        }

        /// The measurements of the transfer that just ended on its handle, or `nil` for a stream
        /// (its head is answered long before it ends) or a transfer without a handle.
        func measurements() -> CurlMeasurements? {
            guard delivery == nil, let easy else { return nil }
            let now = CurlClock.now()
            return CurlMeasurements(
                redirects: redirectHops, final: CurlMeasurements.Hop(easy, decodedBodyBytes: received),
                nanoseconds: now > startedAt ? now - startedAt : 0)
        }
    }
#endif
