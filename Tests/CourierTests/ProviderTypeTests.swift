import Courier
import CourierTestSupport
import XCTest

/// A view model that depends on the protocol, not on `Provider`: on the main actor, as an app's is.
@MainActor
private final class ProfileModel<P: ProviderType<GitHub>> {
    struct User: Decodable, Equatable, Sendable {
        let login: String
        let id: Int
    }

    let provider: P

    init(provider: P) {
        self.provider = provider
    }

    /// A line for the screen, or what went wrong.
    func headline(for name: String) async -> String {
        do throws(CourierError) {
            let user = try await provider.request(.userProfile(name), as: User.self)
            return "\(user.login) (#\(user.id))"
        } catch {
            return error.response.map { "failed with HTTP \($0.statusCode)" } ?? "failed"
        }
    }
}

/// The hand-written fake: canned answers, and a record of what was asked.
private final class FakeGitHub: ProviderType {
    let requested = Locked<[GitHub]>([])
    let answer: @Sendable (GitHub) -> Result<Response, CourierError>

    init(answer: @escaping @Sendable (GitHub) -> Result<Response, CourierError>) {
        self.answer = answer
    }

    func request(_ target: GitHub) async throws(CourierError) -> Response {
        requested.append(target)
        return try answer(target).get()
    }
}

final class ProviderTypeTests: XCTestCase {
    @MainActor
    func test_modelWithAFake_getsCannedAnswersAndTheFakeRecordsTheCalls() async {
        // Given
        let fake = FakeGitHub { _ in .success(Response(statusCode: 200, data: Data(#"{"login": "ada", "id": 7}"#.utf8)))
        }
        let model = ProfileModel(provider: fake)
        // When
        let headline = await model.headline(for: "ada")
        // Then
        XCTAssertEqual(headline, "ada (#7)")
        XCTAssertEqual(fake.requested.value, [.userProfile("ada")])
    }

    @MainActor
    func test_modelWithAFake_reportsFailures() async {
        let fake = FakeGitHub { _ in .failure(.statusCode(Response(statusCode: 404, data: Data()))) }
        let headline = await ProfileModel(provider: fake).headline(for: "nobody")
        XCTAssertEqual(headline, "failed with HTTP 404")
    }

    @MainActor
    func test_sameModelWithAStubbedProvider_decodesTheSampleData() async {
        let model = ProfileModel(provider: Provider<GitHub>(stubClosure: Provider.immediatelyStub))
        let headline = await model.headline(for: "ashfurrow")
        XCTAssertEqual(headline, "ashfurrow (#100)")
    }

    func test_fake_getsTheCompletionAPIForFree() {
        let fake = FakeGitHub { _ in .success(Response(statusCode: 204, data: Data())) }
        let done = expectation(description: "completion")
        let status = Locked<Int?>(nil)
        let provider: any ProviderType<GitHub> = fake
        provider.request(.zen) { result in
            status.withLock { $0 = try? result.get().statusCode }
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(status.value, 204)
    }

    func test_existential_dispatchesToTheProvidersOwnSemantics() {
        // Through the protocol, Provider keeps Moya's rule: an immediate stub completes inline.
        let provider: any ProviderType<GitHub> = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let data = Locked<Data?>(nil)
        provider.request(.zen) { result in data.withLock { $0 = try? result.get().data } }
        XCTAssertEqual(data.value, GitHub.zen.sampleData)
    }
}
