import Courier
import CourierTestSupport
import XCTest

/// One ``ServerTrustPolicy`` checked the same way by the transport that applies it on each
/// platform: `CurlTransport` on Linux, `URLSessionTransport` on Apple platforms (issue 24,
/// section 3), against the loopback servers of `scripts/tls-server.py`: the chain first, then the
/// pins, a redirect's new connection included, and a ``TLSError`` that says what was wrong.
final class ServerTrustTests: XCTestCase {
    private var server: TLSServer!

    override func setUpWithError() throws {
        server = try TLSServer.running()
    }

    private struct Echo: Decodable {
        let path: String
    }

    /// A provider whose transport applies `policy` (by default: the test authority, no pins).
    private func provider(_ policy: ServerTrustPolicy? = nil) throws -> Provider<HTTPBinTarget> {
        Provider(transport: try server.transport(policy))
    }

    /// The test authority, and `pins` for each host.
    private func pinning(_ pins: [String: [String]]) -> ServerTrustPolicy {
        ServerTrustPolicy(trustedCertificates: URL(fileURLWithPath: server.caFile), pinnedPublicKeys: pins)
    }

    /// A hash of some other key.
    private let otherKey = Data(repeating: 7, count: 32).base64EncodedString()

    private func refusal(
        _ url: URL, _ provider: Provider<HTTPBinTarget>, path: String = "/secret"
    ) async -> (TLSError?, String) {
        await provider.tlsRefusal(HTTPBinTarget(url, path, timeoutInterval: 5))
    }

    func test_certificateFromTheTrustedAuthority_isAccepted() async throws {
        // When
        let echo = try await provider().request(HTTPBinTarget(server.good, "/hello"), as: Echo.self)

        // Then
        XCTAssertEqual(echo.path, "/hello")
    }

    func test_systemAuthorities_refuseTheTestAuthority_evenWhenThePinMatches() async throws {
        // Given: no authorities of the policy's own; the server's own key pinned
        let policy = ServerTrustPolicy(pinnedPublicKeys: ["127.0.0.1": [server.pin]])

        // When
        let (error, description) = await refusal(server.good, try provider(policy))

        // Then: a pin never stands in for a trusted chain
        XCTAssertEqual(error?.reason, .untrustedCertificate, description)
        XCTAssertTrue(description.contains("not signed by a trusted authority"), description)
        XCTAssertTrue(description.contains("127.0.0.1"), description)
    }

    func test_matchingPin_isAccepted() async throws {
        // When
        let echo = try await provider(pinning(["127.0.0.1": ["sha256//" + server.pin]])).request(
            HTTPBinTarget(server.good, "/pinned"), as: Echo.self)

        // Then
        XCTAssertEqual(echo.path, "/pinned")
    }

    func test_wrongPin_isRefused() async throws {
        // When
        let (error, description) = await refusal(server.good, try provider(pinning(["127.0.0.1": [otherKey]])))

        // Then
        XCTAssertEqual(error?.reason, .pinnedKeyMismatch, description)
        XCTAssertEqual(error?.host, "127.0.0.1")
        XCTAssertTrue(description.contains("matches none of the keys pinned for 127.0.0.1"), description)
        XCTAssertEqual(error?.urlErrorCode, .serverCertificateUntrusted)
    }

    func test_pinForAnotherHost_doesNotApply_andTheWildcardDoes() async throws {
        // When
        let other = try await provider(pinning(["api.example.com": [otherKey]])).request(
            HTTPBinTarget(server.good, "/other"), as: Echo.self)
        let (error, description) = await refusal(server.good, try provider(pinning(["*": [otherKey]])))

        // Then
        XCTAssertEqual(other.path, "/other")
        XCTAssertEqual(error?.reason, .pinnedKeyMismatch, description)
    }

    func test_redirectToAPinnedHost_isCheckedOnItsOwnConnection() async throws {
        // Given: 127.0.0.1 unpinned; localhost, the same server under another of its names, pinned
        let wrong = try provider(pinning(["localhost": [otherKey]]))
        let right = try provider(pinning(["LOCALHOST.": [server.pin], "127.0.0.1": [otherKey, server.pin]]))

        // When
        let (error, description) = await refusal(server.good, wrong, path: "/redirect/localhost/landed")
        let landed = try await right.request(HTTPBinTarget(server.good, "/redirect/localhost/landed"), as: Echo.self)

        // Then
        XCTAssertEqual(error?.reason, .pinnedKeyMismatch, description)
        XCTAssertEqual(error?.host, "localhost")
        XCTAssertEqual(landed.path, "/landed")
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

    func test_unreadableFileOfAuthorities_isRefused() async throws {
        // Given
        let policy = ServerTrustPolicy(trustedCertificates: URL(fileURLWithPath: "/nonexistent/ca.pem"))

        // When
        let (error, description) = await refusal(server.good, try provider(policy))

        // Then
        XCTAssertEqual(error?.reason, .trustedCertificatesUnreadable, description)
    }
}
