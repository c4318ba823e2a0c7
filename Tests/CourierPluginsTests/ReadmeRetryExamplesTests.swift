import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

// The README's "Retry and authentication" examples.
private enum MyAPI: TargetType, AccessTokenAuthorizable {
    case me
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/me" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var authorizationType: AuthorizationType? { .bearer }
}

private enum Reports: TargetType {
    case yearly
    var baseURL: URL { URL(string: "https://reports.example")! }
    var path: String { "/yearly" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var timeoutInterval: TimeInterval? { 120 }
}

/// Stands in for the app's own authentication client.
private struct AuthService {
    func newAccessToken() async throws -> String { "new-token" }
}

final class ReadmeRetryExamplesTests: XCTestCase {
    func test_readme_retryRefreshTimeoutAndLimitExamples() async throws {
        var policy = RetryPolicy.default
        policy.maximumAttempts = 4
        let resilient = Provider<GitHub>(plugins: [RetryPlugin(policy: policy), NetworkLoggerPlugin()])
        XCTAssertEqual((resilient.plugins.first as? RetryPlugin)?.policy.maximumAttempts, 4)

        let savedToken: String? = nil
        let authService = AuthService()
        let tokens = AccessTokenStore(token: savedToken) { rejected in
            try await authService.newAccessToken()
        }
        let api = Provider<MyAPI>(plugins: [AccessTokenPlugin(tokenSource: tokens)])
        let stubbedAPI = Provider<MyAPI>(stubClosure: Provider.immediatelyStub, plugins: api.plugins)
        let response = try await stubbedAPI.request(.me)
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "Authorization"), "Bearer new-token")

        let reports = Provider<Reports>(maximumResponseSize: 50 << 20)
        let stubbedReports = Provider<Reports>(stubClosure: Provider.immediatelyStub)
        XCTAssertEqual(reports.maximumResponseSize, 50 << 20)
        let yearly = try await stubbedReports.request(.yearly)
        XCTAssertEqual(yearly.request?.timeoutInterval, 120)
    }

    func test_readme_sectionExamplesAreHere() throws {
        try DocumentExamples.assertRun(in: "README.md", section: "## Retry and authentication", by: #filePath)
    }
}
