import CourierTestSupport
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider checks the session headers of a transport that never changes them once, when it is
/// made, and then each request's own headers only; any other transport's, with every request.
final class SessionHeaderCheckTests: XCTestCase {
    private struct Target: TargetType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/items" }
        var method: HTTPMethod = .get
        var task: HTTPTask = .requestPlain
        var headers: [String: String]?
        var sampleData: Data { Data("{}".utf8) }
    }

    /// A transport of the app's own, whose session headers could change from one request to the next.
    private struct AppTransport: HTTPTransport {
        let sessionHeaders: [String: String]
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw URLError(.cannotConnectToHost)
        }
    }

    private func sessionTransport(headers: [String: String]) -> URLSessionTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = headers
        return URLSessionTransport(configuration: configuration)
    }

    func test_alwaysPass_isTrueOnlyForHeadersThatPassWithAnyRequest() {
        XCTAssertTrue(RequestValidation.alwaysPass(sessionHeaders: [:]))
        XCTAssertTrue(
            RequestValidation.alwaysPass(sessionHeaders: [
                "User-Agent": "App/1.0 (iOS 18)", "Accept-Language": "en;q=1.0", "X-Tab": "a\tb",
            ]))
        XCTAssertFalse(RequestValidation.alwaysPass(sessionHeaders: ["X-Note": "a\r\nX-Injected: 1"]))
        XCTAssertFalse(RequestValidation.alwaysPass(sessionHeaders: ["X Note": "a"]))
        XCTAssertFalse(RequestValidation.alwaysPass(sessionHeaders: ["": "a"]))
        // Framing headers depend on the request (its body, its URL), so they are checked with each.
        for name in ["Host", "host", "Content-Length", "CONTENT-LENGTH", "Transfer-Encoding"] {
            XCTAssertFalse(RequestValidation.alwaysPass(sessionHeaders: [name: "1"]), name)
        }
    }

    func test_provider_checksSessionHeadersOnce_onlyForCouriersOwnTransportsWhenTheyPass() {
        XCTAssertFalse(
            Provider<Target>(transport: sessionTransport(headers: ["User-Agent": "App/1.0"])).checksSessionHeaders)
        XCTAssertTrue(
            Provider<Target>(transport: sessionTransport(headers: ["X-Note": "a\nb"])).checksSessionHeaders)
        XCTAssertTrue(
            Provider<Target>(transport: sessionTransport(headers: ["Content-Length": "0"])).checksSessionHeaders)
        XCTAssertTrue(Provider<Target>(transport: AppTransport(sessionHeaders: [:])).checksSessionHeaders)
        #if os(Linux)
            if let curl = try? CurlTransport() {
                XCTAssertFalse(Provider<Target>(transport: curl).checksSessionHeaders)
            }
        #endif
    }

    func test_badSessionHeaderOfAFixedTransport_stillRefusesEveryRequest() async {
        // Given
        let provider = Provider<Target>(
            stubClosure: Provider.immediatelyStub, transport: sessionTransport(headers: ["X-Note": "a\nb"]))

        // When
        let results = [await provider.result(Target()), await provider.result(Target())]

        // Then
        for result in results {
            guard case .failure(.underlying(let error as InvalidRequestError, nil)) = result else {
                return XCTFail("\(result)")
            }
            XCTAssertEqual(error, .headerValue(name: "X-Note", byte: 0x0A, offset: 1))
        }
    }

    func test_requestsOwnBadHeader_isRefused_whenTheSessionHeadersWereCheckedOnce() async {
        // Given
        let provider = Provider<Target>(
            stubClosure: Provider.immediatelyStub, transport: sessionTransport(headers: ["User-Agent": "App/1.0"]))

        // When
        let refused = await provider.result(Target(headers: ["X-Note": "a\rb"]))
        let sent = await provider.result(Target(headers: ["X-Note": "fine"]))

        // Then
        guard case .failure(.underlying(let error as InvalidRequestError, nil)) = refused else {
            return XCTFail("\(refused)")
        }
        XCTAssertEqual(error, .headerValue(name: "X-Note", byte: 0x0D, offset: 1))
        XCTAssertEqual(try sent.get().statusCode, 200)
    }

    func test_appTransportsSessionContentLength_isCheckedAgainstAMultipartBodyOnceWritten() async {
        // Given: a length no form of one part can have
        let provider = Provider<Target>(transport: AppTransport(sessionHeaders: ["Content-Length": "3"]))
        let form = HTTPTask.uploadMultipartFormData([MultipartFormBodyPart(provider: .data(Data("v".utf8)), name: "a")])

        // When
        let result = await provider.result(Target(method: .post, task: form))

        // Then: refused before the transport, which would fail to connect
        guard case .failure(.underlying(let error as InvalidRequestError, nil)) = result,
            case .contentLength(value: "3", bodyLength: let length?) = error
        else { return XCTFail("\(result)") }
        XCTAssertGreaterThan(length, 3)
    }

    func test_appTransportsSessionHeaders_areCheckedWithEveryRequest() async {
        // Given
        let provider = Provider<Target>(
            stubClosure: Provider.immediatelyStub, transport: AppTransport(sessionHeaders: ["X-Note": "a\nb"]))

        // When
        let result = await provider.result(Target())

        // Then
        guard case .failure(.underlying(let error as InvalidRequestError, nil)) = result else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(error, .headerValue(name: "X-Note", byte: 0x0A, offset: 1))
    }
}
