#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// HTTPS through the libcurl transport against the loopback servers of `scripts/tls-server.py`:
    /// HTTP/2, and the configuration's trust written the way it was before ``ServerTrustPolicy``.
    /// (Trust and pins, as both transports apply them: ServerTrustTests.)
    final class CurlTLSTests: XCTestCase {
        private var server: TLSServer!

        override func setUpWithError() throws {
            server = try TLSServer.running()
        }

        private struct Echo: Decodable {
            let `protocol`: String
            let path: String
        }

        private func provider(trusting: Bool = true, pins: [String]? = nil) throws -> Provider<HTTPBinTarget> {
            var configuration = CurlTransport.Configuration.default
            if trusting { configuration.trustedCertificates = URL(fileURLWithPath: server.caFile) }
            if let pins { configuration.pinnedPublicKeys = ["127.0.0.1": pins] }
            return Provider(transport: try CurlTransport(configuration: configuration))
        }

        func test_certificateFromATrustedAuthority_isAccepted() async throws {
            // When
            let echo = try await provider().request(HTTPBinTarget(server.good, "/hello"), as: Echo.self)

            // Then
            XCTAssertEqual(echo.path, "/hello")
        }

        func test_pinsWrittenOnTheConfiguration_areTheServerTrustsPins() async throws {
            // Given: the spelling from before ServerTrustPolicy
            let other = Data(repeating: 7, count: 32).base64EncodedString()
            var configuration = CurlTransport.Configuration.default
            configuration.trustedCertificates = URL(fileURLWithPath: server.caFile)
            configuration.pinnedPublicKeys = ["127.0.0.1": [other]]

            // When
            let (error, description) = try await provider(pins: [other]).tlsRefusal(
                HTTPBinTarget(server.good, "/secret", timeoutInterval: 5))

            // Then
            XCTAssertEqual(
                configuration.serverTrust,
                ServerTrustPolicy(
                    trustedCertificates: URL(fileURLWithPath: server.caFile), pinnedPublicKeys: ["127.0.0.1": [other]]))
            XCTAssertEqual(error?.reason, .pinnedKeyMismatch, description)
        }

        func test_http2_isNegotiatedOverTLS() async throws {
            // Given
            try XCTSkipUnless(server.http2 && CurlTransport.supportsHTTP2, "HTTP/2 needs libcurl's and the server's")

            // When
            let echo = try await provider().request(HTTPBinTarget(server.good, "/h2"), as: Echo.self)

            // Then
            XCTAssertEqual(echo.protocol, "HTTP/2")
        }

        func test_http1Configuration_staysOnHTTP1() async throws {
            // Given
            var configuration = CurlTransport.Configuration.default
            configuration.trustedCertificates = URL(fileURLWithPath: server.caFile)
            configuration.httpVersion = .http1
            let provider = Provider<HTTPBinTarget>(transport: try CurlTransport(configuration: configuration))

            // When
            let echo = try await provider.request(HTTPBinTarget(server.good, "/h1"), as: Echo.self)

            // Then
            XCTAssertEqual(echo.protocol, "HTTP/1.1")
        }
    }
#endif
