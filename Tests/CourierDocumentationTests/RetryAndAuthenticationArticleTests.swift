import Courier
import CourierPlugins
import CourierTestSupport
import CourierTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The Retry and Authentication article's code, line for line.
private enum Account: TargetType, AccessTokenAuthorizable {
    case signIn(email: String, password: String)
    case me

    var baseURL: URL { URL(string: "https://accounts.example.com")! }
    var path: String {
        switch self {
        case .signIn: "/session"
        case .me: "/me"
        }
    }
    var method: HTTPMethod {
        switch self {
        case .signIn: .post
        case .me: .get
        }
    }
    var task: HTTPTask {
        switch self {
        case .signIn(let email, let password): .requestJSONEncodable(["email": email, "password": password])
        case .me: .requestPlain
        }
    }
    var authorizationType: AuthorizationType? {
        switch self {
        case .signIn: nil
        case .me: .bearer
        }
    }
}

private actor Keychain: AccessTokenSource {
    private var current = "t0k3n"

    func store(_ token: String) { current = token }

    func token(for target: any TargetType) async throws -> String { current }
}

private enum Weather: TargetType, Equatable {
    case forecast(city: String)

    var baseURL: URL { URL(string: "https://weather.example.com")! }
    var path: String { "/forecast" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var validationType: ValidationType { .successCodes }
}

/// The app's keychain the article reads a token from.
private struct AppKeychain {
    let token = "k3ych41n"
}

final class RetryAndAuthenticationArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/RetryAndAuthentication.md", by: #filePath)
    }

    func test_retryPolicy_retriesUntilASuccess() async throws {
        // Given: two 409s, then the forecast
        var policy = RetryPolicy.default
        policy.maximumAttempts = 4
        policy.retryableStatusCodes.insert(409)
        policy.baseDelay = 0  // the test does not wait
        let provider = Provider<Weather>(plugins: [RetryPlugin(policy: policy), NetworkLoggerPlugin()])
        let stubs = Stubs<Weather>().on(.forecast(city: "Oslo"), .status(409), .status(409), .string("-3 °C"))
        let recorder = RequestRecorder()
        let stubbed = Provider(stubs: stubs, plugins: provider.plugins + [recorder])

        // When
        let response = try await stubbed.request(.forecast(city: "Oslo"))

        // Then
        XCTAssertEqual(try response.mapString(), "-3 °C")
        XCTAssertEqual(recorder.requests.map(\.attempt), [1, 2, 3])
    }

    func test_retryPlugin_givingUp_failsWithRetryLimitReached() async throws {
        // Given
        var policy = RetryPolicy.default
        policy.baseDelay = 0  // the test does not wait
        let provider = Provider(
            stubs: Stubs<Weather>().on(.forecast(city: "Oslo"), .status(503)), plugins: [RetryPlugin(policy: policy)])
        let attempts = Locked<Int?>(nil)

        // When
        do {
            _ = try await provider.request(.forecast(city: "Oslo"))
        } catch {
            if let gaveUp = error.underlyingError as? RetryLimitReachedError {
                print("Gave up after \(gaveUp.attempts) attempts: \(gaveUp.lastError)")
                attempts.withLock { $0 = gaveUp.attempts }
            }
            XCTAssertEqual(error.response?.statusCode, 503)
        }

        // Then
        XCTAssertEqual(attempts.value, 3)
    }

    func test_accessTokenPlugins_authorizeOnlyTargetsThatAsk() async throws {
        // Given
        let keychain = AppKeychain()
        let signedIn = Provider<Account>(plugins: [AccessTokenPlugin { _ in keychain.token }])
        let keychainProvider = Provider<Account>(plugins: [AccessTokenPlugin(tokenSource: Keychain())])

        // When
        let recorder = RequestRecorder()
        let stubbed = Provider(stubs: Stubs<Account>(), plugins: signedIn.plugins + [recorder])
        let fromSource = Provider(stubs: Stubs<Account>(), plugins: keychainProvider.plugins + [recorder])
        _ = try await stubbed.request(.me)
        _ = try await stubbed.request(.signIn(email: "ada@example.com", password: "pw"))
        _ = try await fromSource.request(.me)

        // Then
        let sent = recorder.requests
        try sent[0].expect(header: "Authorization", equals: "Bearer k3ych41n")
        try sent[1].expect(noHeader: "Authorization")
        try sent[2].expect(header: "Authorization", equals: "Bearer t0k3n")
    }

    func test_closureTokenSource_isAwaitedForTargetsThatAsk() async throws {
        // Given
        let identity = Identity()
        let fromClosure = AccessTokenPlugin(tokenSource: ClosureAccessTokenSource { _ in try await identity.token() })
        let recorder = RequestRecorder()
        let provider = Provider(stubs: Stubs<Account>(), plugins: [fromClosure, recorder])

        // When
        _ = try await provider.request(.me)
        _ = try await provider.request(.signIn(email: "ada@example.com", password: "pw"))

        // Then
        try recorder.requests[0].expect(header: "Authorization", equals: "Bearer current")
        try recorder.requests[1].expect(noHeader: "Authorization")
    }

    func test_credentialsPlugin_sendsBasicBeforeAnyChallenge() async throws {
        let basic = CredentialsPlugin { _ in URLCredential(user: "ada", password: "s3cret", persistence: .none) }
        let recorder = RequestRecorder()
        let provider = Provider(stubs: Stubs<Account>(), plugins: [basic, recorder])
        _ = try await provider.request(.me)
        try recorder.single().expect(header: "Authorization", equals: "Basic YWRhOnMzY3JldA==")
    }

    func test_accessTokenStore_refreshesOnA401AndReplaysWithTheNewToken() async throws {
        // Given: the article's store and provider, and a server that rejects the saved token once
        let savedToken: String? = "expired"
        let identity = Identity()
        let tokens = AccessTokenStore(token: savedToken) { rejected in
            try await identity.refreshToken(replacing: rejected)
        }
        let refreshing = Provider<Account>(plugins: [AccessTokenPlugin(tokenSource: tokens)])
        let recorder = RequestRecorder()
        let stubs = Stubs<Account>().on(where: { _ in true }, .status(401), .string("welcome back"))
        let stubbed = Provider(stubs: stubs, plugins: refreshing.plugins + [recorder])

        // When
        let answer = try await stubbed.request(.me).mapString()

        // Then
        XCTAssertEqual(answer, "welcome back")
        XCTAssertEqual(
            recorder.requests.map { $0.header("Authorization") }, ["Bearer expired", "Bearer refreshed-expired"])
    }

    func test_patientStore_keepsItsTimeoutAndRefreshes() async throws {
        // Given
        let savedToken: String? = "expired"
        let identity = Identity()
        let patient = AccessTokenStore(token: savedToken, refreshTimeout: .seconds(60)) { rejected in
            try await identity.refreshToken(replacing: rejected)
        }

        // When
        let token = try await patient.refreshedToken(replacing: "expired", for: Account.me)

        // Then
        XCTAssertEqual(patient.refreshTimeout, .seconds(60))
        XCTAssertEqual(token, "refreshed-expired")
    }
}

/// Stands in for the app's identity service in the refresh example.
private struct Identity: Sendable {
    func token() async throws -> String { "current" }

    func refreshToken(replacing rejected: String?) async throws -> String {
        "refreshed-" + (rejected ?? "none")
    }
}
