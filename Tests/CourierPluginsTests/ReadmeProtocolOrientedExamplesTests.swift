import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

// The README's "Injecting a provider, any decoder, API envelopes" examples.
private final class ProfileModel<P: ProviderType<GitHub>> {
    let provider: P
    init(provider: P) { self.provider = provider }
    func load(_ name: String) async throws(CourierError) -> User {
        try await provider.request(.userProfile(name), as: User.self)
    }
}

private struct FakeGitHub: ProviderType {
    func request(_ target: GitHub) async throws(CourierError) -> Response {
        Response(statusCode: 200, data: Data(#"{"login": "ada", "id": 7}"#.utf8))
    }
}

private enum SnakeAPI: TargetType {
    // … baseURL, path, method and task as usual …
    case me
    var baseURL: URL { URL(string: "https://api.example")! }
    var path: String { "/me" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var sampleData: Data { Data(#"{"user_name": "ada"}"#.utf8) }
    var decoder: any DataDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}

private struct Envelope: APIEnvelope {
    let code: Int
    let msg: String?
    var failure: APIEnvelopeError? { code == 0 ? nil : APIEnvelopeError(code: code, message: msg) }
}

private enum Shop: TargetType {
    case product(Int)
    var baseURL: URL { URL(string: "https://shop.example")! }
    var path: String { "/products" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var sampleData: Data { Data(#"{"code": 0, "msg": "ok", "data": {"id": 3}}"#.utf8) }
}

private struct Product: Decodable {
    let id: Int
}

final class ReadmeProtocolOrientedExamplesTests: XCTestCase {
    // The README's lines that would reach a real server: compiled, not run.

    private func readmeInApp() -> ProfileModel<Provider<GitHub>> {
        let inApp = ProfileModel(provider: Provider<GitHub>())
        return inApp
    }

    private func readmeShop() -> Provider<Shop> {
        let shop = Provider<Shop>(plugins: [APIEnvelopePlugin(Envelope.self, payloadKeyPath: "data")])
        return shop
    }

    func test_readme_injectionDecoderAndEnvelopeExamplesWork() async throws {
        let inTests = ProfileModel(provider: FakeGitHub())
        let inApp = ProfileModel(provider: Provider<GitHub>(stubClosure: Provider.immediatelyStub))
        let fromFake = try await inTests.load("ada")
        let fromStub = try await inApp.load("octocat")
        XCTAssertEqual(fromFake.login, "ada")
        XCTAssertEqual(fromStub.login, "octocat")

        struct Me: Decodable { let userName: String }
        let me = try await Provider<SnakeAPI>(stubClosure: Provider.immediatelyStub).request(.me, as: Me.self)
        XCTAssertEqual(me.userName, "ada")

        let shop = Provider<Shop>(
            stubClosure: Provider.immediatelyStub, plugins: [APIEnvelopePlugin(Envelope.self, payloadKeyPath: "data")])
        let product = try await shop.request(.product(3), as: Product.self)
        XCTAssertEqual(product.id, 3)
    }

    func test_readme_sectionExamplesAreHere() throws {
        try DocumentExamples.assertRun(
            in: "README.md", section: "## Injecting a provider, any decoder, API envelopes", by: #filePath)
    }
}
