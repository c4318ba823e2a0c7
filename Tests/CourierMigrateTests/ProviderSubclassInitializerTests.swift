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
            let plain = FeedClient<Feed>()
            let stubbed = FeedClient<Feed>(stubClosure: MoyaProvider.immediatelyStub, plugins: [])
            let shared = SharedClient(session: MoyaProvider<Feed>.defaultAlamofireSession(), trackInflights: true)

            """
        let folder = try TemporaryFolder()

        // When
        let migration = Migration(source)
        try folder.write(migration.text, to: "Feed.swift")

        // Then
        XCTAssertEqual(migration.notes, [])
        XCTAssertTrue(migration.text.contains("    init(\n        endpointClosure:"), migration.text)
        for languageMode in [5, 6] {
            let errors = try SwiftCompiler.typecheck(["Feed.swift"], in: folder.url, languageMode: languageMode)
            XCTAssertEqual(errors, [], "Swift \(languageMode):\n\(migration.text)")
        }
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
