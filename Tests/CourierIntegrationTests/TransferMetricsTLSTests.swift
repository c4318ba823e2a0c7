import Courier
import CourierTestSupport
import XCTest

/// The TLS part of ``Response/metrics`` (issue 24, section 2), against the loopback HTTPS server of
/// `scripts/tls-server.py`, over the transport that applies a trust policy on each platform (as in
/// `ServerTrustTests`): `CurlTransport` on Linux, `URLSessionTransport` on Apple platforms.
final class TransferMetricsTLSTests: XCTestCase {
    private var server: TLSServer!

    override func setUpWithError() throws {
        server = try TLSServer.running()
    }

    /// A provider with connections of its own that trusts the test authority.
    private func provider() throws -> Provider<HTTPBinTarget> {
        Provider(transport: try server.transport())
    }

    /// The protocol the good server and this client agree on.
    private var expectedProtocol: String {
        #if os(Linux)
            server.http2 && CurlTransport.supportsHTTP2 ? "h2" : "http/1.1"
        #else
            server.http2 ? "h2" : "http/1.1"
        #endif
    }

    func test_newHTTPSConnection_reportsItsHandshake_andAReusedOneDoesNot() async throws {
        // Given
        let provider = try provider()

        // When
        let firstResponse = try await provider.request(HTTPBinTarget(server.good, "/first"))
        let secondResponse = try await provider.request(HTTPBinTarget(server.good, "/second"))
        let first = try XCTUnwrap(firstResponse.metrics)
        let second = try XCTUnwrap(secondResponse.metrics)

        // Then: the first made a connection and a handshake, after the TCP connection and before the answer
        let opened = try XCTUnwrap(first.finalTransaction)
        let connected = try XCTUnwrap(opened.timeline.connectEnd)
        let handshake = try XCTUnwrap(opened.timeline.secureConnectionEnd, "\(first)")
        XCTAssertEqual(opened.isReusedConnection, false)
        XCTAssertGreaterThan(handshake, connected)
        XCTAssertLessThanOrEqual(handshake, try XCTUnwrap(opened.timeline.responseStart))
        XCTAssertEqual(opened.networkProtocol, expectedProtocol)
        XCTAssertEqual(opened.remotePort, server.good.port)
        // The second went over the same connection: no handshake of its own
        let reused = try XCTUnwrap(second.finalTransaction)
        XCTAssertEqual(reused.isReusedConnection, true, "\(second)")
        XCTAssertNil(reused.timeline.secureConnectionEnd)
        XCTAssertEqual(reused.networkProtocol, expectedProtocol)
    }
}
