import Courier
import CourierTestSupport
import CourierTesting
import XCTest

/// Runs every example of the "Testing with CourierTesting" section of the Stubbing and Testing
/// article; the last test checks that each example there still appears here, line by line.
final class CourierTestingArticleTests: XCTestCase {
    // MARK: - Stubs in one line

    func test_article_perTestResponses() async throws {
        let stubs = Stubs<GitHub>()
        let provider = Provider(stubs: stubs)

        stubs.on(where: { $0.path.hasPrefix("/users/") }, .timeout, .connectionLost, .sampleData)
        stubs.on(.zen, .string("Keep it logically awesome."))
        stubs.on(.userProfile("ghost"), .status(404))
        stubs.on(.userProfile("ada"), .json(User(login: "ada", id: 1)).withHeaders(["ETag": "v1"]))

        let zen = try await provider.request(.zen)
        let ghost = await provider.result(.userProfile("ghost"))
        let ada = try await provider.request(.userProfile("ada"), as: User.self)
        let first = await provider.result(.userProfile("bob"))
        let second = await provider.result(.userProfile("bob"))
        let third = try await provider.request(.userProfile("bob"))
        XCTAssertEqual(try zen.mapString(), "Keep it logically awesome.")
        XCTAssertEqual(ghost.failure?.response?.statusCode, 404)
        XCTAssertEqual(ada, User(login: "ada", id: 1))
        XCTAssertEqual((first.underlyingError as? URLError)?.code, .timedOut)
        XCTAssertEqual((second.underlyingError as? URLError)?.code, .networkConnectionLost)
        XCTAssertEqual(third.data, GitHub.userProfile("bob").sampleData)
    }

    func test_article_unmatchedFail() async {
        let strict = Provider<GitHub>(stubs: Stubs(unmatched: .unstubbed))

        let result = await strict.result(.zen)
        XCTAssertTrue(result.underlyingError is UnstubbedTargetError)
    }

    // MARK: - Fixture files

    func test_article_fixtures() async throws {
        let fixtures = Fixtures(bundle: .module)
        let provider = Provider<GitHub>(stubs: Stubs(fixtures: fixtures, unmatched: .fixture()))

        let user = try await provider.request(.userProfile("octocat"), as: User.self)
        let raw = try fixtures.data(named: "users/octocat")

        XCTAssertEqual(user, User(login: "octocat", id: 583_231))
        XCTAssertEqual(try JSONDecoder().decode(User.self, from: raw), user)
    }

    // MARK: - Delays

    func test_article_manualClock() async throws {
        let clock = ManualClock()
        let stubs = Stubs<GitHub>(delays: .manual(clock)).on(.zen, .string("Later.").delayed(seconds: 5))
        let provider = Provider(stubs: stubs)

        async let zen = provider.request(.zen)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        let response = try await zen

        XCTAssertEqual(try response.mapString(), "Later.")
    }

    // MARK: - Checking what was sent

    func test_article_recorder() async throws {
        let recorder = RequestRecorder()
        let provider = Provider(stubs: Stubs<ShopAPI>(), plugins: [AuthPlugin(token: "t0k3n"), recorder])

        _ = try await provider.request(.createProduct(NewProduct(name: "Kettle", price: 30)))

        try recorder.single()
            .expect(method: .post)
            .expect(url: "https://shop.example.com/api/products")
            .expect(header: "Authorization", equals: "Bearer t0k3n")
            .expect(jsonBody: NewProduct(name: "Kettle", price: 30))
    }

    // MARK: - Record and replay

    func test_article_recordAndReplay() async throws {
        let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Recordings/GitHub")
        let recording = ProcessInfo.processInfo.environment["RECORD"] == "1"
        let transport = RecordReplayTransport(mode: recording ? .record() : .replay, directory: recordings)
        let provider = Provider<GitHub>(transport: transport)

        let zen = try await provider.request(.zen)

        XCTAssertEqual(try zen.mapString(), "Design for failure.")
        let bundled = try Fixtures(bundle: .module).folder(named: "Recordings/GitHub")
        let fromBundle = Provider<GitHub>(transport: RecordReplayTransport(mode: .replay, directory: bundled))
        let replayed = try await fromBundle.request(.zen)
        XCTAssertEqual(replayed, zen)
    }

    // MARK: - XCTest and Swift Testing

    func test_article_completionHandler() {
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .string("Now.")))
        let delivered = expectation(description: "completion")
        provider.request(.zen) { result in
            XCTAssertEqual(try? result.get().mapString(), "Now.")
            delivered.fulfill()
        }
        wait(for: [delivered], timeout: 1)  // returns at once: the stub answered inside request
    }

    // MARK: - The document and this file agree

    func test_article_everyExampleIsRunHere() throws {
        let examples = try DocumentExamples.assertRun(
            in: "Sources/Courier/Courier.docc/StubbingAndTesting.md", section: "## Testing with CourierTesting",
            by: #filePath)
        XCTAssertGreaterThanOrEqual(examples, 7)
    }
}

/// A GitHub user, as the examples decode it.
struct User: Codable, Equatable, Sendable {
    var login: String
    var id: Int
}

/// Adds `Authorization: Bearer <token>`, as an auth plugin would.
struct AuthPlugin: PluginType {
    let token: String

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return request
    }
}
