import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The auth plugins over the wire: what httpbin received, and how it answered.
final class PluginAuthIntegrationTests: XCTestCase {
    /// An httpbin target that asks for an authorization type.
    private struct AuthorizedTarget: TargetType, AccessTokenAuthorizable {
        let baseURL: URL
        let path: String
        var headers: [String: String]?
        let authorizationType: AuthorizationType?
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    private actor RotatingTokens: AccessTokenSource {
        private var issued = 0

        func token(for target: any TargetType) async throws -> String {
            issued += 1
            return "rotating-\(issued)"
        }
    }

    func test_accessToken_bearer_isAcceptedByHTTPBin() async throws {
        // Given
        let target = AuthorizedTarget(baseURL: try HTTPBin.baseURL(), path: "/bearer", authorizationType: .bearer)
        let provider = Provider<AuthorizedTarget>(plugins: [AccessTokenPlugin { _ in "abc.def.ghi" }])

        // When
        let response = try await provider.request(target)

        // Then
        XCTAssertEqual(response.statusCode, 200)
        let answer = try JSONDecoder().decode([String: EchoedJSON].self, from: response.data)
        XCTAssertEqual(answer["token"], .string("abc.def.ghi"))
    }

    func test_accessToken_nilType_sendsNoHeaderAndHTTPBinRefuses() async throws {
        // Given
        let target = AuthorizedTarget(baseURL: try HTTPBin.baseURL(), path: "/bearer", authorizationType: nil)
        let provider = Provider<AuthorizedTarget>(plugins: [AccessTokenPlugin { _ in "abc.def.ghi" }])

        // When
        let response = try await provider.request(target)

        // Then
        XCTAssertEqual(response.statusCode, 401)
    }

    func test_accessToken_targetHeaderInAnotherCase_isReplacedNotDoubled() async throws {
        // Given
        let target = AuthorizedTarget(
            baseURL: try HTTPBin.baseURL(), path: "/anything", headers: ["authorization": "Bearer stale"],
            authorizationType: .custom("Token"))
        let provider = Provider<AuthorizedTarget>(plugins: [AccessTokenPlugin { _ in "fresh" }])

        // When
        let echo = try await provider.request(target, as: HTTPBinEcho.self)

        // Then
        XCTAssertEqual(echo.headers["Authorization"], "Token fresh")
    }

    func test_accessTokenSource_eachAttemptAwaitsTheSourceOverTheWire() async throws {
        // Given
        let target = AuthorizedTarget(baseURL: try HTTPBin.baseURL(), path: "/anything", authorizationType: .bearer)
        let provider = Provider<MultiTarget>(plugins: [AccessTokenPlugin(tokenSource: RotatingTokens())])

        // When
        let first = try await provider.request(MultiTarget(target), as: HTTPBinEcho.self)
        let second = try await provider.request(MultiTarget(target), as: HTTPBinEcho.self)

        // Then
        XCTAssertEqual(first.headers["Authorization"], "Bearer rotating-1")
        XCTAssertEqual(second.headers["Authorization"], "Bearer rotating-2")
    }

    func test_credentials_rightCredential_isAcceptedByBasicAuth() async throws {
        // Given
        let target = HTTPBinTarget(try HTTPBin.baseURL(), "/basic-auth/user/passwd")
        let called = Locked(0)
        let plugin = CredentialsPlugin { _ in
            called.withLock { $0 += 1 }
            return URLCredential(user: "user", password: "passwd", persistence: .none)
        }
        let provider = Provider<HTTPBinTarget>(plugins: [plugin])

        // When
        let response = try await provider.request(target)

        // Then
        XCTAssertEqual(response.statusCode, 200)
        let answer = try JSONDecoder().decode([String: EchoedJSON].self, from: response.data)
        XCTAssertEqual(answer["authenticated"], .bool(true))
        XCTAssertEqual(answer["user"], .string("user"))
        XCTAssertEqual(called.value, 1)
    }

    func test_credentials_noCredential_isRefusedByBasicAuth() async throws {
        // Given
        let target = HTTPBinTarget(try HTTPBin.baseURL(), "/basic-auth/user/passwd")
        let provider = Provider<HTTPBinTarget>(plugins: [CredentialsPlugin { _ in nil }])

        // When
        let response = try await provider.request(target)

        // Then
        XCTAssertEqual(response.statusCode, 401)
    }

    func test_credentials_wrongPassword_isRefusedByBasicAuth() async throws {
        // Given
        let target = HTTPBinTarget(try HTTPBin.baseURL(), "/basic-auth/user/passwd")
        let plugin = CredentialsPlugin { _ in URLCredential(user: "user", password: "wrong", persistence: .none) }
        let provider = Provider<HTTPBinTarget>(plugins: [plugin])

        // When
        let response = try await provider.request(target)

        // Then
        XCTAssertEqual(response.statusCode, 401)
    }
}
