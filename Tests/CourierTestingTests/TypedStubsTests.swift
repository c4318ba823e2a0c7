import Courier
import CourierTestSupport
import CourierTesting
import XCTest

/// A typed rule answers a value of the typed target's own type.
final class TypedStubsTests: XCTestCase {
    private struct User: Codable, Equatable, Sendable {
        let login: String
        let id: Int
    }

    func test_typedRule_answersItsValue_asTheTypedTargetDecodesIt() async throws {
        // Given
        let user = TypedTarget<GitHub, User>(.userProfile("octocat"))
        let stubs = Stubs<GitHub>().on(user, answer: User(login: "octocat", id: 42), status: 201)
        let provider = Provider(stubs: stubs)

        // When
        let answer = try await provider.request(user)
        let raw = try await provider.request(.userProfile("octocat"))

        // Then
        XCTAssertEqual(answer, User(login: "octocat", id: 42))
        XCTAssertEqual(raw.statusCode, 201)
        XCTAssertEqual(raw.response?.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }
}
