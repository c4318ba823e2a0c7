import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A Moya provider subclass ported to a type that holds a provider.
final class ProviderWrapperTests: XCTestCase {
    private enum API: TargetType {
        case user
        var baseURL: URL { URL(string: "https://x.io")! }
        var path: String { "/user" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var sampleData: Data { Data(#"{"name": "Ada"}"#.utf8) }
    }

    private struct User: Decodable, Equatable {
        let name: String
    }

    /// Adds a header and counts the requests it sees.
    private struct AppPlugin: PluginType {
        let seen: Locked<[String]>
        func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
            var request = request
            request.setValue("1.0", forHTTPHeaderField: "X-App")
            return request
        }
        func willSend(_ request: RequestType, target: TargetType) {
            seen.append(request.request?.value(forHTTPHeaderField: "X-App") ?? "none")
        }
    }

    /// The port of `class AppProvider<Target>: MoyaProvider<Target>` that adds a plugin in `init`.
    private final class AppProvider<Target: TargetType>: ProviderWrapper {
        let provider: Provider<Target>

        init(
            stubClosure: @escaping StubClosure = Provider.neverStub, plugins: [PluginType] = [],
            seen: Locked<[String]>
        ) {
            provider = Provider(stubClosure: stubClosure, plugins: plugins + [AppPlugin(seen: seen)])
        }
    }

    /// The port of a subclass that overrides `request` to count calls.
    private final class CountingProvider<Target: TargetType>: ProviderWrapper {
        let provider: Provider<Target>
        let calls = Locked<Int>(0)

        init(stubClosure: @escaping StubClosure) {
            provider = Provider(stubClosure: stubClosure)
        }

        func request(_ target: Target, isolation: isolated (any Actor)?) async throws(CourierError) -> Response {
            calls.withLock { $0 += 1 }
            return try await provider.request(target)
        }

        @discardableResult
        func request(
            _ target: Target, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none,
            completion: @escaping Completion
        ) -> Cancellable {
            calls.withLock { $0 += 1 }
            return provider.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
        }
    }

    func test_pluginsAddedInInit_runForEveryFormOfRequest() async throws {
        // Given
        let seen = Locked<[String]>([])
        let provider = AppProvider<API>(stubClosure: Provider.immediatelyStub, seen: seen)

        // When
        _ = try await provider.request(.user)
        _ = try await provider.request(.user, as: User.self)
        for try await _ in provider.requestWithProgress(.user) {}
        let done = expectation(description: "completion")
        provider.request(.user) { _ in done.fulfill() }
        await fulfillment(of: [done], timeout: 10)

        // Then
        XCTAssertEqual(seen.value, ["1.0", "1.0", "1.0", "1.0"])
        XCTAssertEqual(provider.plugins.count, 1)
        XCTAssertEqual(provider.endpoint(.user).url, "https://x.io/user")
    }

    func test_immediateStub_completesBeforeRequestReturns_asThroughTheProvider() {
        // Given
        let provider = AppProvider<API>(stubClosure: Provider.immediatelyStub, seen: Locked([]))
        let outcome = Locked<User?>(nil)

        // When
        provider.request(.user) { result in
            outcome.withLock { $0 = try? result.get().map(User.self) }
        }

        // Then
        XCTAssertEqual(outcome.value, User(name: "Ada"))
    }

    func test_overriddenForms_areUsed_andDecodingGoesThroughTheAsyncOne() async throws {
        // Given
        let provider = CountingProvider<API>(stubClosure: Provider.immediatelyStub)

        // When
        _ = try await provider.request(.user)
        let user = try await provider.request(.user, as: User.self)
        provider.request(.user) { _ in }

        // Then
        XCTAssertEqual(user, User(name: "Ada"))
        XCTAssertEqual(provider.calls.value, 3)
    }

    func test_wrapper_isAProviderTypeForCodeThatTakesOne() async throws {
        // Given
        func load<P: ProviderType<API>>(with provider: P) async throws -> User {
            try await provider.request(.user, as: User.self)
        }

        // When
        let user = try await load(with: AppProvider<API>(stubClosure: Provider.immediatelyStub, seen: Locked([])))

        // Then
        XCTAssertEqual(user, User(name: "Ada"))
    }
}
