import Courier
import CourierTestSupport
import XCTest

/// A redirect's own body, over the default transport (so over libcurl and URLSession in turn): kept
/// when the redirect is the answer, and read only to be thrown away when it is followed. Both are
/// transport differences (``TransportDifference``), pinned here.
final class RedirectBodyWireTests: XCTestCase {
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

    func test_redirectBodyReadWhole_aRedirectWhoseBodyStalls_isFollowedOverCurl_andTimesOutOverURLSession() async throws
    {
        // Given: a 302 announcing 10 MiB of body, of which 128 KiB come, then nothing
        let server = try RecordingServer { request in
            guard request.target == "/start" else { return RecordingServer.okResponse }
            let head = "HTTP/1.1 302 Found\r\nLocation: /landing\r\nContent-Length: \(10 << 20)\r\n\r\n"
            return Data(head.utf8) + Data(count: 128 << 10)
        }
        defer { server.stop() }

        // When
        let result = await Provider<HTTPBinTarget>().result(HTTPBinTarget(server.baseURL, "/start", timeoutInterval: 2))

        // Then: libcurl's transport reads 64 KiB of it and follows; FoundationNetworking waits for
        // the rest, until the idle timeout
        switch result {
        case .success(let response):
            XCTAssertTrue(TransportDifference.redirectBodyReadWhole.behavesAsCurl(), "got \(response)")
            XCTAssertEqual(response.statusCode, 200)
            XCTAssertEqual(server.stop().requests.map(\.target), ["/start", "/landing"])
        case .failure(let error):
            XCTAssertFalse(TransportDifference.redirectBodyReadWhole.behavesAsCurl(), "got \(error)")
            guard case .underlying(let urlError as URLError, _) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .timedOut)
            XCTAssertEqual(server.stop().requests.map(\.target), ["/start"])
        }
    }
}
