import Courier
import CourierTestSupport
import Foundation
import XCTest

/// The Moya and Alamofire names that set-up code and plugins use.
final class MoyaCompatibilityAPITests: XCTestCase {
    private struct Target: TargetType {
        var baseURL: URL
        var path: String
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    func test_urlOfTarget_isTheURLTheDefaultEndpointMappingBuilds() {
        for (base, path) in [
            ("https://api.github.com", "/users/ash furrow"), ("https://x.io/v1/", "/coupons/100%AB"),
            ("https://x.io/v1?key=1", "/users"), ("https://x.io/v1", ""),
        ] {
            // Given
            let target = Target(baseURL: URL(string: base)!, path: path)

            // When
            let url = URL(target: target)

            // Then
            XCTAssertEqual(url.absoluteString, Provider<Target>.defaultEndpointMapping(for: target).url)
        }
    }

    func test_urlRequestMethod_readsAndWritesHTTPMethod() {
        // Given
        var request = URLRequest(url: URL(string: "https://x.io")!)

        // When
        request.method = .post

        // Then
        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertTrue(request.method == .post)
        request.method = nil
        XCTAssertEqual(request.method, .get)
    }

    func test_providerWithSession_sendsThroughThatTransport() async throws {
        // Given
        let transport = RecordingTransport()
        let provider = Provider<Target>(session: transport, plugins: [])

        // When
        _ = try await provider.request(Target(baseURL: URL(string: "https://x.io")!, path: "/a"))

        // Then
        XCTAssertEqual(transport.urls, ["https://x.io/a"])
        XCTAssertTrue(provider.transport is RecordingTransport)
    }

    func test_defaultTransport_isTheSharedURLSessionTransport_andProvidersDefaultToDefaultTransport() {
        XCTAssertTrue(Provider<Target>.defaultTransport() === URLSessionTransport.shared)
        XCTAssertTrue(URLSessionTransport.default === URLSessionTransport.shared)
        XCTAssertTrue(Provider<Target>().transport as AnyObject === DefaultTransport.shared as AnyObject)
    }

    func test_sessionStyleTransport_keepsTheConfigurationAndTheDefaultHeaders() {
        // Given: Moya's `configuration.headers = .default; Session(configuration:startRequestsImmediately:)`
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = URLSessionTransport.defaultHeaders
        configuration.timeoutIntervalForRequest = 20

        // When
        let transport = URLSessionTransport(configuration: configuration, startRequestsImmediately: false)

        // Then
        XCTAssertEqual(transport.session.configuration.timeoutIntervalForRequest, 20)
        XCTAssertEqual(transport.sessionHeaders, URLSessionTransport.defaultHeaders)
        XCTAssertEqual(
            Set(URLSessionTransport.defaultHeaders.keys), ["Accept-Encoding", "Accept-Language", "User-Agent"])
    }

    func test_ephemeralConfiguration_isEphemeral_withTheDefaultHeaders_asAlamofiresAfEphemeral() {
        // Given / When: Alamofire's `URLSessionConfiguration.af.ephemeral`
        let configuration = URLSessionTransport.ephemeralConfiguration()
        let transport = URLSessionTransport(configuration: configuration)

        // Then: the default headers on every request, and nothing shared with the default session's stores
        XCTAssertEqual(transport.sessionHeaders, URLSessionTransport.defaultHeaders)
        XCTAssertFalse(configuration.httpCookieStorage === URLSessionConfiguration.default.httpCookieStorage)
        XCTAssertFalse(configuration.urlCredentialStorage === URLSessionConfiguration.default.urlCredentialStorage)
        XCTAssertEqual(URLSessionTransport.defaultConfiguration().httpAdditionalHeaders?.count, 3)
    }

    func test_formDataProvider_isReachableUnderThePartTypeAsInMoya() {
        let provider: MultipartFormBodyPart.FormDataProvider = .data(Data("a".utf8))
        XCTAssertEqual(MultipartFormBodyPart(provider: provider, name: "a").provider, .data(Data("a".utf8)))
    }
}

/// Answers 200 and remembers the URLs it was asked for.
private final class RecordingTransport: HTTPTransport {
    private let sent = Locked<[String]>([])
    var urls: [String] { sent.value }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let url = try XCTUnwrap(request.urlRequest.url)
        sent.append(url.absoluteString)
        let response = try XCTUnwrap(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil))
        return TransportResponse(response: response, data: Data())
    }
}
