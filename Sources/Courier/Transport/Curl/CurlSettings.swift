#if os(Linux)
    internal import CCourierCurl
    import Foundation

    /// A ``CurlTransport/Configuration`` in the form the event loop applies to each easy handle,
    /// worked out once per transport.
    struct CurlSettings: Sendable {
        let configuration: CurlTransport.Configuration
        let httpVersion: Int
        let receiveBufferSize: Int
        let proxy: String?
        let trustedCertificates: String?
        /// The configuration's pins, as every transport looks them up.
        private let pins: PublicKeyPins
        /// How a transfer leaves libcurl while its name may still be resolving.
        let resolverRelease: CurlResolverRelease
        /// The configuration's ``CurlTransport/Configuration/additionalHeaders`` as libcurl lines.
        let headerLines: CurlHeaderLines

        /// - Parameters:
        ///   - configuration: The transport's configuration.
        ///   - resolverRelease: How transfers leave libcurl mid-resolution; what this libcurl
        ///     allows by default (tests force ``CurlResolverRelease/parking``).
        init(_ configuration: CurlTransport.Configuration, resolverRelease: CurlResolverRelease = .available) {
            self.configuration = configuration
            self.resolverRelease = resolverRelease
            let wantsHTTP2 = configuration.httpVersion == .http2OverTLS && CurlLibrary.has(COURIER_CURL_VERSION_HTTP2)
            httpVersion = Int(wantsHTTP2 ? COURIER_CURL_HTTP_VERSION_2TLS : COURIER_CURL_HTTP_VERSION_1_1)
            receiveBufferSize = max(configuration.receiveBufferSize, 1024)
            proxy = configuration.proxy?.absoluteString
            trustedCertificates = configuration.serverTrust.trustedCertificates?.path
            pins = configuration.serverTrust.pins
            headerLines = CurlHeaderLines(configuration.additionalHeaders)
        }

        /// The pins for `host` (as the URL writes it) in libcurl's form (`sha256//A;sha256//B`):
        /// its own, else those of `"*"`; `nil` when it is not pinned.
        func pins(for host: String) -> String? {
            pins.hashes(for: host)?.map { PublicKeyPins.curlPrefix + $0 }.joined(separator: ";")
        }
    }

    /// Monotonic time in nanoseconds, for the transfers' timers and measurements.
    enum CurlClock {
        /// The time, to the nanosecond: for what is measured.
        static func now() -> UInt64 {
            read(CLOCK_MONOTONIC)
        }

        /// The time to the kernel's tick (1 to 10 ms), about a fifth of the cost of ``now()``: for
        /// the idle and resource timeouts, which are set in seconds and looked at on every header
        /// line, body chunk and round of the loop. It never runs ahead of ``now()``, so a timeout
        /// read with it ends at most one tick late, never early.
        static func coarseNow() -> UInt64 {
            read(CLOCK_MONOTONIC_COARSE)
        }

        private static func read(_ clock: clockid_t) -> UInt64 {
            var time = timespec()
            clock_gettime(clock, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }
    }
#endif
