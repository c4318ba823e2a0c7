import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

// The Getting Started article's code, line for line.
private enum GitHub: TargetType {
    case zen
    case userProfile(String)

    var baseURL: URL { URL(string: "https://api.github.com")! }
    var path: String {
        switch self {
        case .zen: "/zen"
        case .userProfile(let login): "/users/\(login)"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var sampleData: Data {
        switch self {
        case .zen: Data("Design for failure.".utf8)
        case .userProfile(let login): Data(#"{"login": "\#(login)", "id": 1}"#.utf8)
        }
    }
}

private struct User: Decodable {
    let login: String
    let id: Int
}

extension GitHub {
    static func user(_ login: String) -> TypedTarget<GitHub, User> { TypedTarget(.userProfile(login)) }
    static var zenText: TypedTarget<GitHub, String> { TypedTarget(.zen) }
}

final class GettingStartedArticleTests: XCTestCase {
    func test_typedTargets_answerTheirOwnTypes() async throws {
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let octocat = try await provider.request(GitHub.user("octocat"))  // a User
        let sentence = try await provider.request(GitHub.zenText)  // a String
        XCTAssertEqual(octocat.login, "octocat")
        XCTAssertEqual(sentence, "Design for failure.")
    }

    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/GettingStarted.md", by: #filePath)
    }

    func test_landingPage_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/Courier.md", by: #filePath)
    }

    /// The landing page's example. Compiled, not run: it talks to api.github.com.
    private func landingPageRequest() async throws {
        let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin()])
        let user = try await provider.request(.userProfile("octocat"), as: User.self)
        _ = user
    }

    /// Compiled, not run: it talks to api.github.com, which the tests cannot reach.
    private func articleLiveRequests() async throws {
        let provider = Provider<GitHub>()
        let user = try await provider.request(.userProfile("octocat"), as: User.self)
        let zen = try await provider.request(.zen).mapString()
        _ = (user, zen)
        do {
            let user = try await provider.request(.userProfile("octocat"), as: User.self)
            print(user.login)
        } catch {
            if let response = error.response {
                print("HTTP \(response.statusCode): \(error)")
            } else {
                print("No answer: \(error)")
            }
        }
    }

    func test_completionHandler_cancelled_completesOnceWithCancellation() {
        // Given: a request that waits long enough to be cancelled
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(30))
        let outcomes = Locked<[Result<Response, CourierError>]>([])
        let finished = expectation(description: "completion")

        // When
        let request = provider.request(.zen) { result in
            switch result {
            case .success(let response): print(response.statusCode)
            case .failure(let error): print(error)
            }
            outcomes.append(result)
            finished.fulfill()
        }
        request.cancel()  // the completion then gets CourierError.cancelled, once

        // Then
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(outcomes.value.count, 1)
        XCTAssertEqual(outcomes.value.first.map { (try? $0.get()) == nil }, true)
        if case .failure(let error) = outcomes.value.first { XCTAssertTrue(error.isCancelled) }
    }

    func test_stubbedProvider_decodesTheSampleData() async throws {
        let stubbed = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let octocat = try await stubbed.request(.userProfile("octocat"), as: User.self)
        XCTAssertEqual(octocat.login, "octocat")
        let zen = try await stubbed.request(.zen).mapString()
        XCTAssertEqual(zen, "Design for failure.")
    }

    func test_loggedProvider_hasTheLogger() {
        let logged = Provider<GitHub>(plugins: [NetworkLoggerPlugin()])
        XCTAssertTrue(logged.plugins.first is NetworkLoggerPlugin)
    }

    func test_failure_keepsTheResponse() async {
        // Given: a stubbed 404 for a target that validates status codes
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://api.github.com/users/nobody",
                    sampleResponseClosure: { .networkResponse(404, Data()) },
                    method: .get, task: .requestPlain, httpHeaderFields: nil)
            }, stubClosure: Provider.immediatelyStub)

        // When
        do {
            _ = try await provider.request(.userProfile("nobody"), as: User.self)
            XCTFail("a 404 with an empty body does not decode")
        } catch {
            // Then: typed throws, the response kept
            XCTAssertEqual(error.response?.statusCode, 404)
        }
    }
}
