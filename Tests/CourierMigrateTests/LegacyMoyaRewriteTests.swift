import XCTest

@testable import courier_migrate

final class LegacyMoyaRewriteTests: XCTestCase {
    func test_moya13SetUp_becomesCourierSetUp() {
        // Given
        let source = """
            import Moya
            import Alamofire
            let manager = Manager(configuration: configuration)
            let headers = Manager.defaultHTTPHeaders
            let shared = Alamofire.SessionManager.default
            let provider = MoyaProvider<API>(manager: MoyaProvider<API>.defaultAlamofireManager(), plugins: [NetworkLoggerPlugin(verbose: true, cURL: true)])
            let quiet = NetworkLoggerPlugin(verbose: true)
            let closure = { (target: API) -> Endpoint<API> in fatalError() }
            struct Login { let manager: Manager }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            import CourierPlugins
            let manager = URLSessionTransport(configuration: configuration)
            let headers = URLSessionTransport.defaultHeaders
            let shared = Courier.URLSessionTransport.default
            let provider = Provider<API>(session: Provider<API>.defaultTransport(), plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: [.verbose, .formatRequestAscURL]))])
            let quiet = NetworkLoggerPlugin(configuration: .init(logOptions: .verbose))
            let closure = { (target: API) -> Endpoint in fatalError() }
            struct Login { let manager: URLSessionTransport }

            """)
    }

    func test_loggerWithOtherMoya13Arguments_getsANote() {
        // Given
        let source =
            "import Moya\nfunc logger() -> PluginType { NetworkLoggerPlugin(verbose: true, output: printer) }\n"

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [2])
        XCTAssertTrue(migration.text.contains("NetworkLoggerPlugin(verbose: true, output: printer)"))
    }

    func test_moya13AuthorizationType_becomesOptional() {
        // Given
        let source = """
            import Moya
            extension Shop: AccessTokenAuthorizable {
                var authorizationType: AuthorizationType {
                    switch self {
                    case .login: return .none
                    default: return .bearer
                    }
                }
            }
            extension Cart: AccessTokenAuthorizable {
                public var authorizationType: Moya.AuthorizationType { .none }
            }
            extension Order: AccessTokenAuthorizable {
                var authorizationType: AuthorizationType? { nil }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertTrue(migration.text.contains("    var authorizationType: AuthorizationType? {\n"))
        XCTAssertTrue(migration.text.contains("AuthorizationType? { .none }"))
        XCTAssertTrue(migration.text.contains("var authorizationType: AuthorizationType? { nil }"))
        XCTAssertFalse(migration.text.contains("AuthorizationType??"))
    }
}
