#if os(Linux)
    internal import CCourierCurl

    /// How a transfer that ends (cancelled, timed out) while its host name may still be resolving
    /// leaves libcurl without stalling the event loop.
    ///
    /// libcurl's threaded resolver runs `getaddrinfo` on a thread of its own, which cannot be
    /// interrupted; `curl_multi_remove_handle` waits for it unless `CURLOPT_QUICK_EXIT` is set.
    /// Waiting there would freeze every transfer of the transport for as long as the lookup takes
    /// (a dead DNS server: seconds to minutes).
    package enum CurlResolverRelease: Sendable {
        /// `CURLOPT_QUICK_EXIT` (libcurl 7.87 and later): the handle is removed at once and the
        /// resolver thread left to end by itself.
        case quickExit
        /// The caller is answered at once and the handle stays on libcurl, refusing to connect,
        /// until the lookup ends; then it is removed without a wait (libcurl before 7.87).
        case parking

        /// What this libcurl allows: ``quickExit`` from 7.87 on, else ``parking``.
        package static var available: CurlResolverRelease {
            CurlLibrary.isAtLeast(7, 87) ? .quickExit : .parking
        }
    }
#endif
