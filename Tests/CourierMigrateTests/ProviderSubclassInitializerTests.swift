import XCTest

@testable import courier_migrate

/// A `MoyaProvider` subclass that declares no `init` inherited Moya's: its wrapper must still be
/// built the ways the app built the subclass.
final class ProviderSubclassInitializerTests: XCTestCase {
    func test_subclassWithoutInit_getsProvidersInitializer_andCallSitesCompile() throws {
        // Given
        let source = """
            import Moya
            enum Feed: TargetType {
                case latest
                var baseURL: URL { URL(string: "https://feed.example.com")! }
                var path: String { "/latest" }
                var method: Moya.Method { .get }
                var task: Task { .requestPlain }
                var headers: [String: String]? { nil }
            }
            class FeedClient<Target>: MoyaProvider<Target> where Target: TargetType { }
            class SharedClient: MoyaProvider<Feed> {}
            func makeClients() {
                let plain = FeedClient<Feed>()
                let stubbed = FeedClient<Feed>(stubClosure: MoyaProvider.immediatelyStub, plugins: [])
                let shared = SharedClient(session: MoyaProvider<Feed>.defaultAlamofireSession(), trackInflights: true)
                _ = (plain, stubbed, shared)
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes, [])
        XCTAssertTrue(migration.text.contains("    init(\n        endpointClosure:"), migration.text)
        XCTAssertEqual(try migration.diagnostics(as: "Feed.swift"), [], migration.text)
    }

    func test_subclassWithItsOwnInit_keepsOnlyIt() {
        // Given
        let source = """
            import Moya
            class FeedClient: MoyaProvider<Feed> {
                init() { super.init(plugins: []) }
            }

            """

        // When
        let text = Migration(source).text

        // Then
        XCTAssertEqual(text.components(separatedBy: "init(").count, 2, text)
    }
}
