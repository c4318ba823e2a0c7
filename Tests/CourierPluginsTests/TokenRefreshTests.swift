import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// A server that accepts only `Bearer fresh`, counting what it was sent.
private struct AuthServer: HTTPTransport {
    let seen = Locked<[String]>([])
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let authorization = request.urlRequest.value(forHTTPHeaderField: "Authorization") ?? "none"
        seen.append(authorization)
        let status = authorization == "Bearer fresh" ? 200 : 401
        let response = HTTPURLResponse(
            url: request.urlRequest.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
        return TransportResponse(response: response, data: Data("status \(status)".utf8))
    }
}

private enum Secured: TargetType, AccessTokenAuthorizable {
    case account(Int)
    case publicInfo
    var baseURL: URL { URL(string: "https://secure.example")! }
    var path: String {
        switch self {
        case .account(let id): "/accounts/\(id)"
        case .publicInfo: "/info"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var validationType: ValidationType { .successCodes }
    var authorizationType: AuthorizationType? {
        if case .publicInfo = self { return nil }
        return .bearer
    }
}

private struct RefreshFailed: Error {}

final class TokenRefreshTests: XCTestCase {
    private func provider(_ server: AuthServer, _ store: AccessTokenStore) -> Provider<Secured> {
        Provider<Secured>(transport: server, plugins: [AccessTokenPlugin(tokenSource: store)])
    }

    func test_expiredToken_isRefreshedAndTheRequestReplayedOnce() async throws {
        // Given
        let refreshes = Locked(0)
        let store = AccessTokenStore(token: "stale") { rejected in
            refreshes.withLock { $0 += 1 }
            XCTAssertEqual(rejected, "stale")
            return "fresh"
        }
        let server = AuthServer()
        // When
        let response = try await provider(server, store).request(.account(1))
        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(refreshes.value, 1)
        XCTAssertEqual(server.seen.value, ["Bearer stale", "Bearer fresh"])
        let current = await store.token
        XCTAssertEqual(current, "fresh")
    }

    func test_manyConcurrent401s_causeExactlyOneRefresh() async throws {
        // Given: every request is sent with the stale token before any refresh
        let refreshes = Locked(0)
        let store = AccessTokenStore(token: "stale") { _ in
            refreshes.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(100))
            return "fresh"
        }
        let provider = provider(AuthServer(), store)
        // When
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for id in 0..<50 { group.addTask { try await provider.request(.account(id)).statusCode } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        // Then
        XCTAssertEqual(statuses, Array(repeating: 200, count: 50))
        XCTAssertEqual(refreshes.value, 1)
    }

    func test_failedRefresh_failsEveryWaitingRequestWithAClearError() async {
        let refreshes = Locked(0)
        let store = AccessTokenStore(token: "stale") { _ in
            refreshes.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(100))
            throw RefreshFailed()
        }
        let provider = provider(AuthServer(), store)
        let outcomes = await withTaskGroup(of: CourierError?.self) { group in
            for id in 0..<10 {
                group.addTask {
                    do throws(CourierError) {
                        _ = try await provider.request(.account(id))
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: [CourierError?]()) { $0.append($1) }
        }
        XCTAssertEqual(refreshes.value, 1)
        XCTAssertEqual(outcomes.count, 10)
        for outcome in outcomes {
            // Rejected requests keep their 401; requests that waited for the refresh have none.
            guard case .underlying(let error as TokenRefreshError, let response) = outcome else {
                return XCTFail("got \(String(describing: outcome))")
            }
            XCTAssertTrue(error.underlying is RefreshFailed)
            XCTAssertTrue(response == nil || response?.statusCode == 401)
            XCTAssertTrue(outcome?.localizedDescription.hasPrefix("Could not get a new access token:") == true)
        }
    }

    func test_serverThatKeepsRejecting_endsAfterOneReplayWithoutLooping() async {
        let refreshes = Locked(0)
        let store = AccessTokenStore(token: "stale") { _ in
            refreshes.withLock { $0 += 1 }
            return "also-rejected"
        }
        let server = AuthServer()
        do {
            _ = try await provider(server, store).request(.account(1))
            XCTFail("expected a failure")
        } catch {
            guard case .statusCode(let response) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(response.statusCode, 401)
        }
        XCTAssertEqual(refreshes.value, 1)
        XCTAssertEqual(server.seen.value, ["Bearer stale", "Bearer also-rejected"])
    }

    func test_targetsWithoutAuthorization_areNotRefreshed() async throws {
        let refreshes = Locked(0)
        let store = AccessTokenStore(token: "stale") { _ in
            refreshes.withLock { $0 += 1 }
            return "fresh"
        }
        let server = AuthServer()
        _ = try? await provider(server, store).request(.publicInfo)
        XCTAssertEqual(refreshes.value, 0)
        XCTAssertEqual(server.seen.value, ["none"])
    }

    func test_noTokenYet_theFirstRequestFetchesOne() async throws {
        let store = AccessTokenStore { rejected in
            XCTAssertNil(rejected)
            return "fresh"
        }
        let server = AuthServer()
        let response = try await provider(server, store).request(.account(1))
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(server.seen.value, ["Bearer fresh"])
    }

    func test_refreshWorksTogetherWithRetryPlugin() async throws {
        let store = AccessTokenStore(token: "stale") { _ in "fresh" }
        let server = AuthServer()
        let provider = Provider<Secured>(
            transport: server,
            plugins: [RetryPlugin(policy: RetryPolicy(baseDelay: 0)), AccessTokenPlugin(tokenSource: store)])
        let response = try await provider.request(.account(1))
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(server.seen.value, ["Bearer stale", "Bearer fresh"])
    }
}
