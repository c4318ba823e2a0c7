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

    func test_redirectBodyWithoutLocation_keepsStatusAndFields_andTheBodyWhereTheTransportCan() async throws {
        let answers = [301, 302, 303, 307, 308].map { ($0, "") } + [(302, "Location: http://[no-url\r\n")]
        for (status, location) in answers {
            // Given: a redirect that names nowhere to go, with a body
            let answer =
                "HTTP/1.1 \(status) Moved\r\n\(location)X-Reason: gone\r\nContent-Length: 5\r\n"
                + "Connection: close\r\n\r\nmoved"
            let server = try RecordingServer(response: Data(answer.utf8))
            defer { server.stop() }

            // When
            let result = await Provider<HTTPBinTarget>().result(
                HTTPBinTarget(server.baseURL, "/old", timeoutInterval: 5))

            // Then: the redirect is the answer; FoundationNetworking keeps its body to itself
            guard case .success(let response) = result else {
                XCTFail("\(status) \(location): got \(result)")
                continue
            }
            XCTAssertEqual(response.statusCode, status, location)
            XCTAssertEqual(response.response?.value(forHTTPHeaderField: "X-Reason"), "gone", "\(status)")
            let body = TransportDifference.redirectBodyWithoutLocation.expected(curl: "moved", urlSession: "")
            XCTAssertEqual(String(decoding: response.data, as: UTF8.self), body, "\(status) \(location)")
            XCTAssertEqual(server.stop().requests.map(\.target), ["/old"], "\(status)")
        }
    }

    func test_multipleChoicesWithoutLocation_keepsItsBody_overEitherTransport() async throws {
        // Given: 300 is no redirect a client follows on its own
        let answer = "HTTP/1.1 300 Multiple Choices\r\nContent-Length: 7\r\nConnection: close\r\n\r\nchoices"
        let server = try RecordingServer(response: Data(answer.utf8))
        defer { server.stop() }

        // When
        let response = try await Provider<HTTPBinTarget>().request(HTTPBinTarget(server.baseURL, "/pick"))

        // Then
        XCTAssertEqual(response.statusCode, 300)
        XCTAssertEqual(response.data, Data("choices".utf8))
    }
}
