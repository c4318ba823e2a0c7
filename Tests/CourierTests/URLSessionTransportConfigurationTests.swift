import Courier
import CourierTestSupport
import Foundation
import XCTest

/// What `URLSessionTransport` accepts as a configuration.
final class URLSessionTransportConfigurationTests: XCTestCase {
    func test_backgroundConfiguration_failsEveryRequestNamingItsIdentifier() async throws {
        // Given
        let configuration = Self.backgroundConfiguration("com.example.courier.sync")
        let provider = Provider<HTTPBinTarget>(transport: URLSessionTransport(configuration: configuration))
        let target = HTTPBinTarget(try XCTUnwrap(URL(string: "http://127.0.0.1:9")), "/anything")

        // When
        let first = await provider.result(target)
        let second = await provider.result(target)

        // Then
        for result in [first, second] {
            guard case .failure(.underlying(let error as BackgroundConfigurationError, nil)) = result else {
                return XCTFail("expected BackgroundConfigurationError, got \(result)")
            }
            XCTAssertEqual(error.identifier, "com.example.courier.sync")
            XCTAssertTrue(
                error.localizedDescription.contains("\"com.example.courier.sync\""), error.localizedDescription)
        }
    }

    func test_backgroundConfiguration_isNeverGivenToURLSession() {
        // When
        let transport = URLSessionTransport(configuration: Self.backgroundConfiguration("com.example.courier.app"))

        // Then: no session claims the identifier of the app's own background session
        XCTAssertNil(transport.session.configuration.identifier)
    }

    func test_backgroundConfiguration_streamFailsToo() async throws {
        // Given
        let transport = URLSessionTransport(configuration: Self.backgroundConfiguration("com.example.courier.feed"))
        let request = TransportRequest(urlRequest: URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:9"))))

        // When / Then
        do {
            _ = try await transport.stream(request)
            XCTFail("a background configuration streamed")
        } catch {
            XCTAssertEqual(
                error as? BackgroundConfigurationError,
                BackgroundConfigurationError(identifier: "com.example.courier.feed"))
        }
    }

    /// A background configuration. FoundationNetworking has no `background(withIdentifier:)` (it
    /// traps); what marks one is its identifier, which can be set there.
    private static func backgroundConfiguration(_ identifier: String) -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
            let configuration = URLSessionConfiguration.default
            configuration.identifier = identifier
            return configuration
        #else
            return .background(withIdentifier: identifier)
        #endif
    }

    func test_session_hasNoURLCache_onAnyPlatform_andTheCallersConfigurationIsUntouched() {
        // Given: a configuration with a cache, as URLSessionConfiguration.default has
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.urlCache = URLCache.shared
        configuration.timeoutIntervalForRequest = 17

        // When
        let transport = URLSessionTransport(configuration: configuration)

        // Then: Courier's own HTTPCache is the one cache, on every transport (see sessionConfiguration)
        XCTAssertNil(transport.session.configuration.urlCache)
        XCTAssertEqual(transport.session.configuration.requestCachePolicy, .reloadIgnoringLocalCacheData)
        XCTAssertNotNil(configuration.urlCache, "the caller's configuration is not changed")
        XCTAssertEqual(transport.session.configuration.timeoutIntervalForRequest, 17)
    }
}
