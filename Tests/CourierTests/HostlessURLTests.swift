import Courier
import CourierTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP URL without a host names no server. A base URL built from an empty setting
/// (`URL(string: "https://\(host)")` with `host == ""`) must not let the target's path, which
/// often holds the app's input, become the host; and no transport may guess a host from the path.
final class HostlessURLTests: XCTestCase {
    private struct Target: TargetType {
        var baseURL: URL
        var path: String
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    private static let hostlessBases = ["http://", "https://", "http:", "http:/", "http:///", "http://?q=1"]

    func test_baseURLWithoutAHost_neverTurnsThePathIntoTheHost() {
        for base in Self.hostlessBases {
            for path in ["127.0.0.1:1/get", "/127.0.0.1:1/get", "//127.0.0.1:1/get", "evil.example/steal"] {
                // Given
                let target = Target(baseURL: URL(string: base)!, path: path)

                // When
                let url = Provider<Target>.defaultEndpointMapping(for: target).url

                // Then
                let host = URL(string: url)?.host ?? ""
                XCTAssertEqual(host, "", "\(base) + \(path) gave \(url)")
            }
        }
    }

    func test_targetWithAHostlessBaseURL_failsWithRequestMappingNamingIt_beforeAnythingIsSent() async {
        for base in Self.hostlessBases {
            // Given
            let provider = Provider<Target>(stubClosure: Provider.immediatelyStub)

            // When
            let result = await provider.result(Target(baseURL: URL(string: base)!, path: "127.0.0.1:1/get"))

            // Then
            guard case .failure(let error) = result, case .requestMapping = error else {
                XCTFail("\(base): \(result)")
                continue
            }
            XCTAssertTrue(error.localizedDescription.contains("has no host"), error.localizedDescription)
        }
    }

    func test_handBuiltHTTPURLWithoutAHost_failsWithRequestMapping() {
        for url in ["http:///127.0.0.1:1/get", "https:/127.0.0.1:1/get", "http:127.0.0.1:1/get", "HTTP:///x"] {
            let endpoint = Endpoint(
                url: url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain,
                httpHeaderFields: nil)
            XCTAssertThrowsError(try endpoint.urlRequest(), url) {
                guard case .requestMapping(url) = $0 as? CourierError else { return XCTFail("\(url): \($0)") }
            }
        }
    }

    func test_otherSchemesWithoutAHost_stayTheirOwnBusiness() throws {
        // A file URL has no host; stubs and custom transports may use one.
        let endpoint = Endpoint(
            url: "file:///tmp/answer.json", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestPlain, httpHeaderFields: nil)
        XCTAssertEqual(try endpoint.urlRequest().url?.path, "/tmp/answer.json")
    }

    func test_transportsCalledDirectly_refuseAHostlessURL_insteadOfGuessingAHostFromThePath() async {
        let transports: [(String, any HTTPTransport)] = [
            ("default", DefaultTransport.shared), ("URLSession", URLSessionTransport()),
        ]
        for (name, transport) in transports {
            for url in ["http:///127.0.0.1:1/get", "http:/127.0.0.1:1/get"] {
                do {
                    _ = try await transport.send(TransportRequest(urlRequest: URLRequest(url: URL(string: url)!)))
                    XCTFail("\(name) sent \(url)")
                } catch {
                    XCTAssertEqual((error as? URLError)?.code, .badURL, "\(name) \(url): \(error)")
                }
            }
        }
    }
}
