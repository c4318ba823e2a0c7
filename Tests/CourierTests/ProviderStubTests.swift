import Courier
import CourierTestSupport
import XCTest

final class ProviderStubTests: XCTestCase {
    private struct User: Decodable, Equatable {
        let login: String
        let id: Int
    }

    private static func failureEndpoint(_ target: GitHub) -> Endpoint {
        let error = NSError(
            domain: "com.courier.test", code: 0, userInfo: [NSLocalizedDescriptionKey: "Houston, we have a problem"])
        return Endpoint(
            url: "https://api.github.com\(target.path)", sampleResponseClosure: { .networkError(error) },
            method: target.method, task: target.task, httpHeaderFields: target.headers)
    }

    func test_immediateStub_returnsSampleDataBeforeRequestReturns() {
        // Given
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let message = Locked<String?>(nil)
        // When
        let cancellable = provider.request(.zen) { result in
            if case .success(let response) = result {
                message.withLock { $0 = String(decoding: response.data, as: UTF8.self) }
            }
        }
        // Then
        XCTAssertEqual(message.value, "Half measures are as bad as nothing at all.")
        XCTAssertFalse(cancellable.isCancelled)
    }

    func test_stubbedResponse_carriesThePreparedRequest() async throws {
        struct Header: PluginType {
            func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
                var request = request
                request.setValue("yes", forHTTPHeaderField: "prepared")
                return request
            }
        }
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [Header()])
        let response = try await provider.request(.zen)
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "prepared"), "yes")
        XCTAssertEqual(response.request?.url?.absoluteString, "https://api.github.com/zen")
        XCTAssertNil(response.response)
    }

    func test_asyncRequestAs_decodesTheSample() async throws {
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let user = try await provider.request(.userProfile("ashfurrow"), as: User.self)
        XCTAssertEqual(user, User(login: "ashfurrow", id: 100))
    }

    func test_asyncRequestAs_undecodableBody_failsWithObjectMappingKeepingTheResponse() async {
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        do {
            _ = try await provider.request(.zen, as: User.self)
            XCTFail("expected a failure")
        } catch {
            guard case .objectMapping(_, let response) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(response.data, GitHub.zen.sampleData)
        }
    }

    func test_customSampleResponse_keepsTheHTTPURLResponse() async throws {
        // Given
        let http = HTTPURLResponse(
            url: URL(string: "https://api.github.com/zen")!, statusCode: 201, httpVersion: "HTTP/1.1",
            headerFields: ["ETag": "abc"])!
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://api.github.com/zen", sampleResponseClosure: { .response(http, Data("made".utf8)) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            },
            stubClosure: Provider.immediatelyStub)
        // When
        let response = try await provider.request(.zen)
        // Then
        XCTAssertTrue(response.response === http)
        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(response.data, Data("made".utf8))
    }

    func test_networkErrorSample_failsWithUnderlyingAndNoResponse() {
        let provider = Provider<GitHub>(endpointClosure: Self.failureEndpoint, stubClosure: Provider.immediatelyStub)
        let outcome = Locked<CourierError?>(nil)
        provider.request(.zen) { result in
            if case .failure(let error) = result { outcome.withLock { $0 = error } }
        }
        guard case .underlying(let error, let response) = outcome.value else {
            return XCTFail("got \(String(describing: outcome.value))")
        }
        XCTAssertEqual(error.localizedDescription, "Houston, we have a problem")
        XCTAssertNil(response)
    }

    func test_stubbedStatusOutsideValidation_failsWithStatusCodeNotWrapped() async {
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).replacing(task: .requestPlain)
            }, stubClosure: Provider.immediatelyStub)
        let failing = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://api.github.com/zen",
                    sampleResponseClosure: { .networkResponse(400, Data("bad".utf8)) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            }, stubClosure: Provider.immediatelyStub)
        do {
            _ = try await failing.request(.zen)
            XCTFail("expected a failure")
        } catch {
            guard case .statusCode(let response) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(response.statusCode, 400)
        }
        await assertNoThrowAsync { _ = try await provider.request(.zen) }
    }

    func test_customEndpointClosure_taskIsWhatIsSent() async throws {
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
                    .replacing(task: .requestParameters(parameters: ["page": 2], encoding: URLEncoding.queryString))
                    .adding(newHTTPHeaderFields: ["X-App": "courier"])
            }, stubClosure: Provider.immediatelyStub)
        let response = try await provider.request(.zen)
        XCTAssertEqual(response.request?.url?.absoluteString, "https://api.github.com/zen?page=2")
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "X-App"), "courier")
    }

    func test_customRequestClosure_isUsed() async throws {
        let provider = Provider<GitHub>(
            requestClosure: { endpoint, done in
                var request = try? endpoint.urlRequest()
                request?.setValue("closure", forHTTPHeaderField: "X-From")
                done(request.map { .success($0) } ?? .failure(.requestMapping(endpoint.url)))
            }, stubClosure: Provider.immediatelyStub)
        let response = try await provider.request(.zen)
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "X-From"), "closure")
    }

    func test_failingRequestClosure_failsWithItsErrorAfterProcess() async {
        struct Tag: PluginType {
            func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<
                Response, CourierError
            > {
                result.mapError { .underlying($0, nil) }
            }
        }
        let provider = Provider<GitHub>(
            requestClosure: { _, done in done(.failure(.requestMapping("broken"))) },
            stubClosure: Provider.immediatelyStub, plugins: [Tag()])
        do {
            _ = try await provider.request(.zen)
            XCTFail("expected a failure")
        } catch {
            guard case .underlying(let inner as CourierError, nil) = error, case .requestMapping("broken") = inner
            else {
                return XCTFail("got \(error)")
            }
        }
    }

    func test_invalidTargetURL_failsWithRequestMapping() async {
        struct Broken: TargetType {
            var baseURL: URL { URL(string: "relative")! }
            var path: String { "/x" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .requestPlain }
        }
        do {
            _ = try await Provider<Broken>(stubClosure: Provider.immediatelyStub).request(Broken())
            XCTFail("expected a failure")
        } catch {
            guard case .requestMapping = error else { return XCTFail("got \(error)") }
        }
    }

    func test_targetTimeout_isAppliedToTheRequest() async throws {
        struct Slow: TargetType {
            var baseURL: URL { URL(string: "https://x.io")! }
            var path: String { "/slow" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .requestPlain }
            var timeoutInterval: TimeInterval? { 2.5 }
        }
        let response = try await Provider<Slow>(stubClosure: Provider.immediatelyStub).request(Slow())
        XCTAssertEqual(response.request?.timeoutInterval, 2.5)
    }

    func test_multiTarget_forwardsEverythingToItsTarget() async throws {
        let provider = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)
        let target = MultiTarget(GitHub.zen)
        XCTAssertEqual(target.path, "/zen")
        XCTAssertEqual(target.validationType, .successAndRedirectCodes)
        XCTAssertTrue(target.unwrappedTarget is GitHub)
        let response = try await provider.request(target)
        XCTAssertEqual(response.data, GitHub.zen.sampleData)
    }

    func test_endpoint_isBuiltByTheEndpointClosure() throws {
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        XCTAssertEqual(provider.endpoint(.zen), provider.endpoint(.zen))
        XCTAssertEqual(provider.endpoint(.zen).url, "https://api.github.com/zen")
    }
}

func assertNoThrowAsync(
    _ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line
) async {
    do {
        try await body()
    } catch {
        XCTFail("unexpected error: \(error)", file: file, line: line)
    }
}
