import Courier
import CourierTestSupport
import XCTest

/// A redirect to a scheme other than HTTP(S), over the default transport (so over libcurl and
/// URLSession in turn): it is not followed, and the caller gets the redirect itself, as
/// `CurlTransport` has always answered. FoundationNetworking used to follow `file:///etc/passwd`
/// as `http://<same host>/etc/passwd`, a request the server never named.
final class RedirectSchemeWireTests: XCTestCase {
    func test_redirectToAnotherScheme_isNotFollowed_andReturnsTheRedirect() async throws {
        for location in ["file:///etc/passwd", "data:text/plain,forged", "ftp://127.0.0.1/x", "javascript:alert(1)"] {
            // Given
            let answer =
                "HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 5\r\nConnection: close\r\n\r\nmoved"
            let server = try RecordingServer(response: Data(answer.utf8))
            defer { server.stop() }

            // When
            let result = await Provider<HTTPBinTarget>().result(
                HTTPBinTarget(server.baseURL, "/away", timeoutInterval: 5))

            // Then
            guard case .success(let response) = result else {
                XCTFail("\(location): got \(result)")
                continue
            }
            XCTAssertEqual(response.statusCode, 302, location)
            XCTAssertEqual(response.data, Data("moved".utf8), location)
            XCTAssertEqual(server.stop().requests.map(\.target), ["/away"], location)
        }
    }
}
