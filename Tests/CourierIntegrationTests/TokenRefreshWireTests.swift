import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// Token refresh against a real HTTP server that answers 401 with `WWW-Authenticate` until it sees
/// the fresh token (the misbehaving server's `/auth`).
final class TokenRefreshWireTests: XCTestCase {
    private struct Secured: TargetType, AccessTokenAuthorizable {
        let baseURL: URL
        var path: String { "/auth" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
        var authorizationType: AuthorizationType? { .bearer }
    }

    func test_concurrentRequestsWithAnExpiredToken_refreshOnceAndAllSucceed() async throws {
        let base = try MisbehavingServer.baseURL()
        let refreshes = Locked(0)
        let store = AccessTokenStore(token: "expired") { _ in
            refreshes.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(200))
            return "fresh"
        }
        let provider = Provider<Secured>(plugins: [AccessTokenPlugin(tokenSource: store)])
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await provider.request(Secured(baseURL: base)).mapString() } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        XCTAssertEqual(bodies, Array(repeating: #"{"authorized": true}"#, count: 8))
        XCTAssertEqual(refreshes.value, 1)
    }
}
