import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

// `GitHub` is the Moya specs' own target, from CourierTestSupport.
private struct User: Decodable {
    let login: String
}

// The article's error messages, line for line.
private func message(for error: CourierError) -> String {
    switch error {
    case .statusCode(let response):
        "The server answered \(response.statusCode)."
    case .underlying(let underlying as URLError, _) where underlying.code == .notConnectedToInternet:
        "You are offline."
    case .underlying where error.isCancelled:
        "Cancelled."
    case .objectMapping, .jsonMapping, .stringMapping:
        "The answer could not be read."
    default:
        error.localizedDescription
    }
}

/// Pairs `willSend` and `didReceive`.
private struct Pairs: PluginType {
    let events: Locked<[String]>
    func willSend(_ request: any RequestType, target: any TargetType) { events.append("willSend") }
    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) { events.append("didReceive") }
}

final class MigratingFromMoyaArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/MigratingFromMoya.md", by: #filePath)
    }

    /// Compiled, not run: it talks to api.github.com.
    private func articleMigratedCalls(photo: Data) async throws {
        // Moya: let provider = MoyaProvider<GitHub>(plugins: [NetworkLoggerPlugin()])
        let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin()])

        // Moya: provider.rx.request(.userProfile("octocat")).filterSuccessfulStatusCodes().map(User.self)
        let user = try await provider.request(.userProfile("octocat")).filterSuccessfulStatusCodes().map(User.self)

        // Moya: provider.requestPublisher(.zen).mapString()
        let zen = try await provider.request(.zen).mapString()

        // Moya: .uploadMultipart([MultipartFormData(provider: .data(photo), name: "photo")])
        let upload = HTTPTask.uploadMultipartFormData([MultipartFormBodyPart(provider: .data(photo), name: "photo")])
        _ = (user, zen, upload)
    }

    func test_message_namesEachKindOfFailure() {
        XCTAssertEqual(message(for: .statusCode(Response(statusCode: 404, data: Data()))), "The server answered 404.")
        XCTAssertEqual(message(for: .underlying(URLError(.notConnectedToInternet), nil)), "You are offline.")
        XCTAssertEqual(message(for: .cancelled), "Cancelled.")
        XCTAssertEqual(
            message(for: .jsonMapping(Response(statusCode: 200, data: Data()))), "The answer could not be read.")
    }

    func test_stubbedValidationFailure_isStatusCodeNotWrapped() async {
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://api.github.com/zen", sampleResponseClosure: { .networkResponse(404, Data()) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            }, stubClosure: Provider.immediatelyStub)
        do {
            _ = try await provider.request(.zen)
            XCTFail("expected a failure")
        } catch {
            guard case .statusCode(let response) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(response.statusCode, 404)
        }
    }

    func test_failingRequestClosure_stillPairsWillSendAndDidReceive() async {
        // Given
        let events = Locked<[String]>([])
        let provider = Provider<GitHub>(
            requestClosure: { endpoint, done in done(.failure(.requestMapping(endpoint.url))) },
            stubClosure: Provider.immediatelyStub, plugins: [Pairs(events: events)])

        // When
        _ = try? await provider.request(.zen)

        // Then
        XCTAssertEqual(events.value, ["willSend", "didReceive"])
    }

    func test_cancelledDelayedStub_failsAtOnceWithURLErrorCancelled() {
        // Given: a stub that would answer in 60 seconds
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(60))
        let outcome = Locked<CourierError?>(nil)
        let done = expectation(description: "completion")

        // When
        let request = provider.request(.zen, callbackQueue: .global()) { result in
            if case .failure(let error) = result { outcome.withLock { $0 = error } }
            done.fulfill()
        }
        request.cancel()

        // Then: long before the delay would have ended
        wait(for: [done], timeout: 30)
        XCTAssertEqual((outcome.value?.underlyingError as? URLError)?.code, .cancelled)
    }

    func test_compositeParametersWithAQueryEncoding_throwsInsteadOfCrashing() async {
        let task = HTTPTask.requestCompositeParameters(
            bodyParameters: ["a": 1], bodyEncoding: URLEncoding.queryString, urlParameters: ["b": 2])
        let target = HTTPBinTarget(URL(string: "https://a.example")!, "/", method: .post, task: task)
        do {
            _ = try await Provider<HTTPBinTarget>(stubClosure: Provider.immediatelyStub).request(target)
            XCTFail("expected a failure")
        } catch {
            guard case .parameterEncoding = error else { return XCTFail("\(error)") }
        }
    }
}
