import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that carries its own `Host` header (request signing sets one; validation accepts the
/// URL's own authority) must not change what later requests or redirects send: no cookie travels
/// to another host, and no `Host` to another origin (issue 21, items 1 and 3). Over the default
/// transport, so over libcurl and URLSession in turn, on raw servers that record every byte.
final class CustomHostWireTests: XCTestCase {
    private static func answer(setting cookie: String) -> Data {
        Data("HTTP/1.1 200 OK\r\nSet-Cookie: \(cookie); Path=/\r\nContent-Length: 2\r\n\r\nok".utf8)
    }

    func test_cookieOfARequestWithHost_isNotSentToAnotherHostLater() async throws {
        // Given: 127.0.0.1 sets a cookie on a request that carries its own Host header
        let first = try RecordingServer(response: Self.answer(setting: "session=SECRET"))
        let second = try RecordingServer(response: Self.answer(setting: "local=LOCALHOST"))
        defer {
            first.stop()
            second.stop()
        }
        let provider = Provider<HTTPBinTarget>(transport: try Self.transportWithCookiesOfItsOwn())
        _ = try await provider.request(
            HTTPBinTarget(first.baseURL, "/login", headers: ["Host": "127.0.0.1:\(first.port)"]))
        let localhost = try XCTUnwrap(URL(string: "http://localhost:\(second.port)"))

        // When: a plain request to localhost, which sets its own cookie, then one to 127.0.0.1 again
        _ = try await provider.request(HTTPBinTarget(localhost, "/page"))
        _ = try await provider.request(HTTPBinTarget(first.baseURL, "/again"))

        // Then: localhost never saw 127.0.0.1's cookie, and 127.0.0.1 never got localhost's
        let toLocalhost = second.stop().requests
        let toLoopback = first.stop().requests
        XCTAssertEqual(toLocalhost.count, 1)
        XCTAssertFalse(toLocalhost.contains { $0.values(forHeader: "Cookie").joined().contains("SECRET") })
        XCTAssertEqual(toLoopback.map(\.target), ["/login", "/again"])
        XCTAssertFalse(toLoopback.contains { $0.values(forHeader: "Cookie").joined().contains("LOCALHOST") })
    }

    /// A transport of the default's kind whose cookies no other test sees (the default's jar is the
    /// whole test process's, and httpbin runs on 127.0.0.1 too).
    private static func transportWithCookiesOfItsOwn() throws -> any HTTPTransport {
        try TransportUnderTest.make(
            curl: { try TransportUnderTest.curlTransport() },
            urlSession: { URLSessionTransport(configuration: .ephemeral) })
    }

    func test_hostHeader_isNotCarriedAcrossARedirect() async throws {
        // Given: a server that redirects to another origin
        let destination = try RecordingServer()
        let redirect =
            "HTTP/1.1 302 Found\r\nLocation: \(destination.baseURL.absoluteString)/landed\r\n"
            + "Content-Length: 0\r\n\r\n"
        let origin = try RecordingServer(response: Data(redirect.utf8))
        defer {
            origin.stop()
            destination.stop()
        }

        // When: the first request names its own authority in Host
        let response = try await Provider<HTTPBinTarget>().request(
            HTTPBinTarget(origin.baseURL, "/start", headers: ["Host": "127.0.0.1:\(origin.port)"]))

        // Then: the other origin got its own Host, not the first one's
        XCTAssertEqual(response.statusCode, 200)
        let landed = try XCTUnwrap(destination.stop().requests.first)
        XCTAssertEqual(landed.target, "/landed")
        XCTAssertEqual(landed.values(forHeader: "Host"), ["127.0.0.1:\(destination.port)"])
    }
}
