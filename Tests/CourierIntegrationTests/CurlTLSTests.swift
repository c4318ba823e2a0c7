#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// HTTPS through the libcurl transport against the loopback servers of `scripts/tls-server.py`:
    /// trust, pinning and HTTP/2, and a `CourierError` that says what was wrong for each refusal.
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

        private func refusal(_ url: URL, _ provider: Provider<HTTPBinTarget>) async -> (TLSError?, String) {
            do {
                _ = try await provider.request(HTTPBinTarget(url, "/secret", timeoutInterval: 5))
                return (nil, "the request succeeded")
            } catch {
                guard case .underlying(let tls as TLSError, nil) = error else { return (nil, "\(error)") }
                return (tls, error.localizedDescription)
            }
        }

        func test_certificateFromATrustedAuthority_isAccepted() async throws {
            // When
            let echo = try await provider().request(HTTPBinTarget(server.good, "/hello"), as: Echo.self)

            // Then
            XCTAssertEqual(echo.path, "/hello")
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

        func test_systemTrustStore_refusesTheTestAuthority() async throws {
            // When
            let (error, description) = await refusal(server.good, try provider(trusting: false))

            // Then
            XCTAssertEqual(error?.reason, .untrustedCertificate, description)
            XCTAssertTrue(description.contains("not signed by a trusted authority"), description)
            XCTAssertTrue(description.contains("127.0.0.1"), description)
        }

        func test_matchingPin_isAccepted() async throws {
            // When
            let echo = try await provider(pins: ["sha256//" + server.pin]).request(
                HTTPBinTarget(server.good, "/pinned"), as: Echo.self)

            // Then
            XCTAssertEqual(echo.path, "/pinned")
        }

        func test_wrongPin_isRefused() async throws {
            // Given: a hash of some other key
            let other = Data(repeating: 7, count: 32).base64EncodedString()

            // When
            let (error, description) = await refusal(server.good, try provider(pins: [other]))

            // Then
            XCTAssertEqual(error?.reason, .pinnedKeyMismatch, description)
            XCTAssertTrue(description.contains("matches none of the keys pinned for 127.0.0.1"), description)
        }

        func test_pinForAnotherHost_doesNotApply() async throws {
            // Given
            var configuration = CurlTransport.Configuration.default
            configuration.trustedCertificates = URL(fileURLWithPath: server.caFile)
            configuration.pinnedPublicKeys = ["api.example.com": [Data(count: 32).base64EncodedString()]]
            let provider = Provider<HTTPBinTarget>(transport: try CurlTransport(configuration: configuration))

            // When
            let echo = try await provider.request(HTTPBinTarget(server.good, "/other"), as: Echo.self)

            // Then
            XCTAssertEqual(echo.path, "/other")
        }

        func test_expiredCertificate_isRefused() async throws {
            // When
            let (error, description) = await refusal(server.expired, try provider())

            // Then
            XCTAssertEqual(error?.reason, .certificateExpired, description)
            XCTAssertTrue(description.contains("has expired"), description)
            XCTAssertEqual(error?.urlErrorCode, .serverCertificateHasBadDate)
        }

        func test_certificateForAnotherHostName_isRefused() async throws {
            // When
            let (error, description) = await refusal(server.wrongHost, try provider())

            // Then
            XCTAssertEqual(error?.reason, .hostNameMismatch, description)
            XCTAssertTrue(description.contains("issued for another host name"), description)
        }

        func test_unreadableTrustFile_isRefused() async throws {
            // Given
            var configuration = CurlTransport.Configuration.default
            configuration.trustedCertificates = URL(fileURLWithPath: "/nonexistent/ca.pem")
            let provider = Provider<HTTPBinTarget>(transport: try CurlTransport(configuration: configuration))

            // When
            let (error, description) = await refusal(server.good, provider)

            // Then
            XCTAssertEqual(error?.reason, .trustedCertificatesUnreadable, description)
        }
    }
#endif
