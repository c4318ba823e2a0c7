import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A server trust policy given to URLSessionTransport where URLSession cannot apply it
/// (FoundationNetworking) is refused, loudly, rather than ignored (issue 24, section 3).
final class URLSessionTransportServerTrustTests: XCTestCase {
    private let pinned = ServerTrustPolicy(pinnedPublicKeys: [
        "API.example.": ["k7iFrf4Nsd+QBqQz5PmDq1pRjCyUOgVdT8U4FxBYs6E="]
    ])

    func test_systemPolicy_isKeptAndRefusesNothing() async throws {
        // Given: a port nobody listens on
        let transport = URLSessionTransport(serverTrust: .system)
        let provider = Provider<HTTPBinTarget>(transport: transport)

        // When
        let result = await provider.result(HTTPBinTarget(try XCTUnwrap(URL(string: "http://127.0.0.1:9")), "/get"))

        // Then: the request was sent, and failed as any request to a closed port does
        XCTAssertEqual(transport.serverTrust, .system)
        XCTAssertEqual(URLSessionTransport().serverTrust, .system)
        guard case .failure(.underlying(let error, nil)) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(error is URLError, "\(error)")
    }

    #if canImport(FoundationNetworking)
        func test_pinsOnLinux_failEveryRequestNamingWhy() async throws {
            // Given
            let provider = Provider<HTTPBinTarget>(transport: URLSessionTransport(serverTrust: pinned))
            let targets = [
                HTTPBinTarget(try XCTUnwrap(URL(string: "https://api.example")), "/pinned"),
                HTTPBinTarget(try XCTUnwrap(URL(string: "http://127.0.0.1:9")), "/plain"),
            ]

            for target in targets {
                // When
                let result = await provider.result(target)

                // Then
                guard case .failure(.underlying(let error as ServerTrustPolicyUnsupportedError, nil)) = result else {
                    return XCTFail("expected ServerTrustPolicyUnsupportedError, got \(result)")
                }
                XCTAssertEqual(error.policy, pinned)
                let description = error.localizedDescription
                XCTAssertTrue(description.contains("public-key pins for api.example"), description)
                XCTAssertTrue(description.contains("FoundationNetworking lets no delegate evaluate"), description)
                XCTAssertTrue(description.contains("Use CurlTransport"), description)
            }
        }

        func test_authoritiesOnLinux_failStreamsToo() async throws {
            // Given
            let policy = ServerTrustPolicy(trustedCertificates: URL(fileURLWithPath: "/etc/myapp/ca.pem"))
            let transport = URLSessionTransport(configuration: .ephemeral, serverTrust: policy)
            let request = TransportRequest(
                urlRequest: URLRequest(url: try XCTUnwrap(URL(string: "https://api.example"))))

            // When / Then
            do {
                _ = try await transport.stream(request)
                XCTFail("a stream was sent without its policy")
            } catch {
                XCTAssertEqual(
                    error as? ServerTrustPolicyUnsupportedError, ServerTrustPolicyUnsupportedError(policy: policy))
                XCTAssertTrue(error.localizedDescription.contains("authorities of /etc/myapp/ca.pem"))
            }
        }

        func test_backgroundConfiguration_isRefusedFirst() async throws {
            // Given
            let configuration = URLSessionConfiguration.default
            configuration.identifier = "com.example.courier.sync"
            let transport = URLSessionTransport(configuration: configuration, serverTrust: pinned)
            let request = TransportRequest(
                urlRequest: URLRequest(url: try XCTUnwrap(URL(string: "https://api.example"))))

            // When / Then
            do {
                _ = try await transport.send(request)
                XCTFail("a background configuration sent a request")
            } catch {
                XCTAssertTrue(error is BackgroundConfigurationError, "\(error)")
            }
        }
    #endif
}
