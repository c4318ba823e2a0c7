import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// A body that is not what its `Content-Encoding` says, over the default transport (so over libcurl
/// and URLSession in turn): the request fails as undecodable, never as a lost connection, which a
/// retry policy would retry and a download would resume.
final class UndecodableBodyWireTests: XCTestCase {
    /// A complete answer whose body is plain text under `encoding`.
    private static func answer(encoding: String) -> Data {
        let body = "this is plain text, not compressed at all"
        return Data(
            ("HTTP/1.1 200 OK\r\nContent-Encoding: \(encoding)\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)").utf8)
    }

    func test_bodyThatIsNotItsContentEncoding_failsAsUndecodable() async throws {
        for encoding in ["gzip", "deflate", "br"] {
            // Given
            let server = try RecordingServer(response: Self.answer(encoding: encoding))
            defer { server.stop() }

            // When
            let result = await Provider<HTTPBinTarget>().result(
                HTTPBinTarget(server.baseURL, "/\(encoding)", timeoutInterval: 5))

            // Then
            guard case .failure(.underlying(let error as URLError, _)) = result else {
                XCTFail("\(encoding): got \(result)")
                continue
            }
            #if os(Linux)
                XCTAssertEqual(error.code, .cannotDecodeContentData, "\(encoding): \(error)")
            #else
                // Apple's URLSession names some of these raw data it cannot decode.
                XCTAssertTrue([.cannotDecodeContentData, .cannotDecodeRawData].contains(error.code), "\(error)")
            #endif
        }
    }

    func test_bodyThatIsNotItsContentEncoding_isNotRetried() async throws {
        // Given
        let server = try RecordingServer(response: Self.answer(encoding: "gzip"))
        defer { server.stop() }
        let provider = Provider<HTTPBinTarget>(plugins: [RetryPlugin(policy: RetryPolicy(baseDelay: 0))])

        // When
        let result = await provider.result(HTTPBinTarget(server.baseURL, "/gzip", timeoutInterval: 5))

        // Then
        guard case .failure = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(server.stop().requests.count, 1)
    }
}
