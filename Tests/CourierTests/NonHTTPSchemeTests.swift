import Courier
import CourierTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Courier speaks HTTP. Both transports refuse any other scheme alike before anything is sent:
/// URLSession would otherwise speak FTP (FoundationNetworking), answer a `data:` URL, or read a
/// local `file:` (Apple platforms), while libcurl is limited to HTTP and HTTPS.
final class NonHTTPSchemeTests: XCTestCase {
    private static let transports: [(String, any HTTPTransport)] = [
        ("default", DefaultTransport.shared), ("URLSession", URLSessionTransport()),
    ]

    func test_transports_refuseOtherSchemesAlike_withUnsupportedURLNamingIt() async {
        for (name, transport) in Self.transports {
            let urls = ["ftp://127.0.0.1:1/file", "data:text/plain,hello", "file:///etc/hostname", "ws://127.0.0.1:1/"]
            for url in urls {
                // Given
                let request = TransportRequest(urlRequest: URLRequest(url: URL(string: url)!))

                // When
                do {
                    _ = try await transport.send(request)
                    XCTFail("\(name) answered \(url)")
                } catch {
                    // Then
                    XCTAssertEqual((error as? URLError)?.code, .unsupportedURL, "\(name) \(url): \(error)")
                    XCTAssertEqual((error as? URLError)?.failingURL?.absoluteString, url, "\(name)")
                }
            }
        }
    }

    func test_provider_reportsTheRefusedURL_onEveryTransport() async {
        struct Target: TargetType {
            var baseURL: URL { URL(string: "ftp://127.0.0.1:1")! }
            var path: String { "/file" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .requestPlain }
        }
        for (name, transport) in Self.transports {
            let result = await Provider<Target>(transport: transport).result(Target())
            guard case .failure(let error) = result else { return XCTFail("\(name): \(result)") }
            XCTAssertTrue(
                error.localizedDescription.contains("scheme is not supported")
                    && error.localizedDescription.contains("ftp://127.0.0.1:1/file"),
                "\(name): \(error.localizedDescription)")
        }
    }
}
