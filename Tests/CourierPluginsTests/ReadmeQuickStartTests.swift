import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

// The README's quick start, line for line: if this stops compiling or drifts, the README is wrong.
private enum GitHub: TargetType {
    case zen
    case userProfile(String)
    case search(query: String, page: Int)

    var baseURL: URL { URL(string: "https://api.github.com")! }
    var path: String {
        switch self {
        case .zen: "/zen"
        case .userProfile(let name): "/users/\(name)"
        case .search: "/search/repositories"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask {
        if case .search(let query, let page) = self {
            return .requestParameters(parameters: ["q": query, "page": page], encoding: URLEncoding.queryString)
        }
        return .requestPlain
    }
    var sampleData: Data {
        switch self {
        case .zen: Data("Design for failure.".utf8)
        case .userProfile(let name): Data(#"{"login": "\#(name)", "id": 1}"#.utf8)
        case .search: Data(#"{"total_count": 0, "items": []}"#.utf8)
        }
    }
}

struct User: Decodable {
    let login: String
    let id: Int
}

extension GitHub {
    static func user(_ login: String) -> TypedTarget<GitHub, User> { TypedTarget(.userProfile(login)) }
    static var zenText: TypedTarget<GitHub, String> { TypedTarget(.zen) }
}

// The README's WebSocket section: the pinned shape of a WebSocket target.
private enum Chat: TargetType {
    case room(String)
    var baseURL: URL { URL(string: "wss://chat.example.com")! }
    var path: String { if case .room(let id) = self { "/rooms/\(id)" } else { "" } }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .webSocket(protocols: ["chat.v2"]) }
}

final class ReadmeQuickStartTests: XCTestCase {
    /// The README's WebSocket section, line for line. Compiled, not run: the WebSocket tests run it
    /// against servers and scripted peers.
    private func readmeWebSocket(provider: Provider<Chat>) async throws {
        let socket = try await provider.webSocket(.room("swift"))  // the handshake is done
        try await socket.send(.text("hello"))
        for try await message in socket.messages {
            if case .text(let text) = message { print(text) }
        }
        await socket.close(code: .normalClosure, reason: "bye")
    }

    /// Compiled, not run: it talks to api.github.com, which the tests cannot reach.
    func readmeLiveRequests() async throws {
        let provider = Provider<GitHub>()
        let user = try await provider.request(.userProfile("octocat"), as: User.self)  // async, throws CourierError
        provider.request(.zen) { result in print(result) }  // Moya-style, returns a Cancellable
        _ = user
    }

    func test_quickStart_stubbedProviderDecodesCompletesAndLogs() async throws {
        let stubbed = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let octocat = try await stubbed.request(.userProfile("octocat"), as: User.self)
        XCTAssertEqual(octocat.login, "octocat")

        let zen = Locked<String?>(nil)
        stubbed.request(.zen) { result in zen.withLock { $0 = try? result.get().mapString() } }
        XCTAssertEqual(zen.value, "Design for failure.")

        let search = try await stubbed.request(.search(query: "swift", page: 2))
        XCTAssertEqual(search.request?.url?.absoluteString, "https://api.github.com/search/repositories?page=2&q=swift")

        let ada = try await stubbed.request(GitHub.user("ada"))  // a User
        XCTAssertEqual(ada.login, "ada")
        stubbed.request(GitHub.zenText) { (result: Result<String, CourierError>) in print(result) }
        let typedZen = Locked<String?>(nil)
        stubbed.request(GitHub.zenText) { result in typedZen.withLock { $0 = try? result.get() } }
        XCTAssertEqual(typedZen.value, "Design for failure.")

        let logged = Provider<GitHub>(plugins: [NetworkLoggerPlugin()])
        XCTAssertEqual(logged.plugins.count, 1)
    }

    func test_readme_quickStartExamplesAreHere() throws {
        try DocumentExamples.assertRun(in: "README.md", section: "## Quick start", by: #filePath)
    }
}
