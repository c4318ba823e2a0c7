#if os(Linux)
    internal import CCourierCurl
    import Foundation

    extension CurlTransport {
        /// How a ``CurlTransport`` sends requests: connections, redirects, cookies, proxy and TLS.
        ///
        /// Every property has a default that suits an app talking to a few APIs; start from
        /// ``default`` and change what you need:
        ///
        /// ```swift
        /// var configuration = CurlTransport.Configuration.default
        /// configuration.serverTrust = ServerTrustPolicy(pinnedPublicKeys: ["api.example.com": ["k7iFrf4Nsd+QBqQz5PmDq1pRjCyUOgVdT8U4FxBYs6E="]])
        /// let transport = try CurlTransport(configuration: configuration)
        /// ```
        public struct Configuration: Sendable {
            /// Headers added to every request that does not set them itself, and shown by loggers
            /// as the transport's session headers. By default `Accept-Encoding` (every encoding this
            /// transport decodes: gzip and deflate, and brotli and zstd when libcurl was built with them),
            /// `Accept-Language` and `User-Agent`, as ``URLSessionTransport`` sends.
            public var additionalHeaders: [String: String]
            /// The most connections open to one host at once; further requests wait for a free
            /// one. `16` by default; `0` for no limit. (URLSession's default on Linux is 6.)
            public var maximumConnectionsPerHost: Int
            /// The size of libcurl's receive buffer per transfer, in bytes: larger buffers move large
            /// bodies with fewer calls. `512 KiB` by default (libcurl's largest; its own default is 16 KiB).
            /// A WebSocket opened through the transport reads at most this much at a time too.
            public var receiveBufferSize: Int
            /// The most redirects followed for one request; one more fails with
            /// `URLError(.httpTooManyRedirects)`, so a redirect loop ends in an error. `20` by
            /// default, as URLSession; `0` returns every redirect response as it is.
            public var maximumRedirects: Int
            /// Which HTTP version to ask for. ``HTTPVersion/http2OverTLS`` by default. Streams
            /// (``CurlTransport/stream(_:)``) always use HTTP/1.1, on connections of their own, so
            /// that a paused stream holds its server back.
            public var httpVersion: HTTPVersion
            /// Whether cookies that servers set are kept (in memory, for this transport) and sent
            /// back to them, as URLSession does with its cookie storage. `true` by default.
            public var acceptsCookies: Bool
            /// The proxy for every request, e.g. `http://proxy.local:3128`. `nil` by default: libcurl
            /// then reads `http_proxy`, `https_proxy`, `ALL_PROXY` and `NO_PROXY` from the environment.
            public var proxy: URL?
            /// Which servers are trusted: the certificate authorities, and the public keys each host
            /// must present. ``ServerTrustPolicy/system`` by default. The same value can be given to
            /// ``URLSessionTransport/init(configuration:serverTrust:)`` on Apple platforms.
            public var serverTrust: ServerTrustPolicy
            /// A PEM file of certificate authorities to trust instead of the system's store: the
            /// ``serverTrust``'s ``ServerTrustPolicy/trustedCertificates``. `nil` by default.
            public var trustedCertificates: URL? {
                get { serverTrust.trustedCertificates }
                set { serverTrust.trustedCertificates = newValue }
            }
            /// Public-key pins by host name: the ``serverTrust``'s
            /// ``ServerTrustPolicy/pinnedPublicKeys`` (see there how host names match). Empty by
            /// default.
            public var pinnedPublicKeys: [String: [String]] {
                get { serverTrust.pinnedPublicKeys }
                set { serverTrust.pinnedPublicKeys = newValue }
            }
            /// Where downloads are written while they arrive, before they are moved to their
            /// destination (a rename when both are on one volume). `FileManager.default.temporaryDirectory`
            /// by default.
            public var temporaryDirectory: URL

            /// The default configuration; see each property for its value.
            public static var `default`: Configuration { Configuration() }

            /// Creates a configuration with the defaults stated on each property.
            public init() {
                additionalHeaders = CurlTransport.defaultHeaders
                maximumConnectionsPerHost = 16
                receiveBufferSize = 512 * 1024
                maximumRedirects = 20
                httpVersion = .http2OverTLS
                acceptsCookies = true
                proxy = nil
                serverTrust = .system
                temporaryDirectory = FileManager.default.temporaryDirectory
            }
        }

        /// The HTTP version a ``CurlTransport`` asks for.
        public enum HTTPVersion: Sendable, Hashable {
            /// HTTP/1.1 for every request.
            case http1
            /// HTTP/2 over TLS (negotiated with ALPN) when the server and libcurl support it, with
            /// requests to one host multiplexed on one connection; HTTP/1.1 for plain `http://`.
            case http2OverTLS
        }

        /// ``DefaultHeaders`` with an `Accept-Encoding` of every encoding this libcurl was built with
        /// and Courier's decoder can load the library of (Courier decodes every body itself, see
        /// ``CurlContentDecoder``).
        static var defaultHeaders: [String: String] {
            var headers = DefaultHeaders.all
            var encodings = ["gzip", "deflate"]
            for (feature, kind, name) in [
                (COURIER_CURL_VERSION_BROTLI, COURIER_DECODER_BROTLI, "br"),
                (COURIER_CURL_VERSION_ZSTD, COURIER_DECODER_ZSTD, "zstd"),
            ] where CurlLibrary.has(feature) && CurlContentDecoder.canDecode(kind) {
                encodings.append(name)
            }
            headers["Accept-Encoding"] = encodings.enumerated()
                .map { index, name in "\(name);q=\(String(format: "%.1f", 1.0 - Double(index) * 0.1))" }
                .joined(separator: ", ")
            return headers
        }
    }
#endif
