import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The examples of the README's Plugins section, kept here so that they compile and run.
final class ReadmePluginsExamplesTests: XCTestCase {
    // The README's lines that would reach a real server: compiled, not run.

    private func readmeLogging() -> Provider<GitHub> {
        let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: .verbose))])
        return provider
    }

    private func readmeTokens(session: Session) -> Provider<MyAPI> {
        let provider = Provider<MyAPI>(plugins: [AccessTokenPlugin { _ in session.token }])
        return provider
    }

    private func readmeTokenStore() -> Provider<MyAPI> {
        let store = TokenStore(token: "…")
        let provider = Provider<MyAPI>(plugins: [AccessTokenPlugin(tokenSource: store)])
        return provider
    }

    // MARK: - From the README

    enum MyAPI: TargetType, AccessTokenAuthorizable {
        case signIn(user: String, password: String)
        case profile

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String {
            switch self {
            case .signIn: "/session"
            case .profile: "/me"
            }
        }
        var method: HTTPMethod {
            switch self {
            case .signIn: .post
            case .profile: .get
            }
        }
        var task: HTTPTask {
            switch self {
            case .signIn(let user, let password): .requestJSONEncodable(["user": user, "password": password])
            case .profile: .requestPlain
            }
        }
        var authorizationType: AuthorizationType? {
            switch self {
            case .signIn: nil  // no header
            case .profile: .bearer  // Authorization: Bearer <token>
            }
        }
    }

    actor TokenStore: AccessTokenSource {
        private var token: String

        init(token: String) { self.token = token }

        func update(_ newToken: String) { token = newToken }

        func token(for target: any TargetType) async throws -> String { token }
    }

    // MARK: - Stand-ins for the app's own objects the README mentions

    private struct AppLog: Sendable {
        let lines = Locked<[String]>([])
        func debug(_ line: String) { lines.append(line) }
    }

    private struct Session: Sendable {
        let token = "abc123"
    }

    // MARK: - Tests

    func test_loggingExample_logsVerboselyToStandardOutput() async throws {
        // Given (README)
        let provider = Provider<GitHub>(
            stubClosure: Provider.immediatelyStub,
            plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: .verbose))])

        // When
        let response = try await provider.request(.zen)

        // Then
        XCTAssertEqual(response.statusCode, 200)
    }

    func test_loggingExample_customOutputOptionsAndRedaction() async throws {
        // Given (README)
        let appLog = AppLog()
        let logger = NetworkLoggerPlugin(
            configuration: .init(
                output: { _, lines in for line in lines { appLog.debug(line) } },
                logOptions: [.requestMethod, .successResponseBody, .errorResponseBody],
                redaction: .default.adding(headers: ["X-Session"], queryParameters: ["sig"])
            )
        )
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [logger])

        // When
        _ = try await provider.request(.zen)

        // Then
        XCTAssertTrue(appLog.lines.value.contains { $0.hasSuffix("HTTP Request Method: GET") })
        XCTAssertTrue(
            appLog.lines.value.contains { $0.hasSuffix("Response Body: Half measures are as bad as nothing at all.") })
    }

    func test_authExample_closure_authorizesOnlyTargetsThatAskForIt() async throws {
        // Given (README)
        let session = Session()
        let provider = Provider<MyAPI>(
            stubClosure: Provider.immediatelyStub, plugins: [AccessTokenPlugin { _ in session.token }])

        // When
        let profile = try await provider.request(.profile)
        let signIn = try await provider.request(.signIn(user: "ann", password: "pw"))

        // Then
        XCTAssertEqual(profile.request?.value(forHTTPHeaderField: "Authorization"), "Bearer abc123")
        XCTAssertNil(signIn.request?.value(forHTTPHeaderField: "Authorization"))
    }

    func test_authExample_tokenStore_sendsTheCurrentToken() async throws {
        // Given (README)
        let store = TokenStore(token: "first")
        let provider = Provider<MyAPI>(
            stubClosure: Provider.immediatelyStub, plugins: [AccessTokenPlugin(tokenSource: store)])

        // When
        let first = try await provider.request(.profile)
        await store.update("second")
        let second = try await provider.request(.profile)

        // Then
        XCTAssertEqual(first.request?.value(forHTTPHeaderField: "Authorization"), "Bearer first")
        XCTAssertEqual(second.request?.value(forHTTPHeaderField: "Authorization"), "Bearer second")
    }

    func test_authExample_closureSourceAndCredentials() async throws {
        // Given (README)
        @Sendable func fetchToken() async throws -> String { "fetched" }
        let closurePlugin = AccessTokenPlugin(tokenSource: ClosureAccessTokenSource { _ in try await fetchToken() })
        let basic = CredentialsPlugin { _ in URLCredential(user: "user", password: "passwd", persistence: .none) }

        // When
        let bearer = try await Provider<MyAPI>(stubClosure: Provider.immediatelyStub, plugins: [closurePlugin])
            .request(.profile)
        let basicAuth = try await Provider<MyAPI>(stubClosure: Provider.immediatelyStub, plugins: [basic])
            .request(.profile)

        // Then
        XCTAssertEqual(bearer.request?.value(forHTTPHeaderField: "Authorization"), "Bearer fetched")
        XCTAssertEqual(basicAuth.request?.value(forHTTPHeaderField: "Authorization"), "Basic dXNlcjpwYXNzd2Q=")
    }

    func test_readme_sectionExamplesAreHere() throws {
        try DocumentExamples.assertRun(in: "README.md", section: "## Plugins", by: #filePath)
    }
}
