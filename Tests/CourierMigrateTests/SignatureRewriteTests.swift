import XCTest

@testable import courier_migrate

/// Courier's closure types are Moya's, not `@Sendable`: closures and function types keep their
/// signatures (a `@Sendable` closure could not read a main-actor target's properties).
final class SignatureRewriteTests: XCTestCase {
    func test_providerClosures_keepTheirSignatures() {
        // Given
        let source = """
            import Moya
            let endpointClosure = { (target: API) -> Endpoint in Endpoint(url: "", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain, httpHeaderFields: nil) }
            let stub = { [weak self] (target: API) -> StubBehavior in .never }
            let requestClosure = { (endpoint: Endpoint, done: @escaping MoyaProvider<API>.RequestResultClosure) in }
            let already = { @Sendable (target: API) -> Moya.Endpoint in fatalError() }
            init(endpointClosure: @escaping (Target) -> Endpoint, stubClosure: @escaping (Target) -> StubBehavior) {}
            func endpoint(for target: API) -> Endpoint { fatalError() }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            let endpointClosure = { (target: API) -> Endpoint in Endpoint(url: "", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain, httpHeaderFields: nil) }
            let stub = { [weak self] (target: API) -> StubBehavior in .never }
            let requestClosure = { (endpoint: Endpoint, done: @escaping Provider<API>.RequestResultClosure) in }
            let already = { @Sendable (target: API) -> Courier.Endpoint in fatalError() }
            init(endpointClosure: @escaping (Target) -> Endpoint, stubClosure: @escaping (Target) -> StubBehavior) {}
            func endpoint(for target: API) -> Endpoint { fatalError() }

            """)
    }

    func test_storedClosuresOfPluginsAndTargets_keepTheirTypes() {
        // Given
        let source = """
            import Moya
            struct AuthPlugin: PluginType {
                typealias Filter = (TargetType) -> Bool
                let token: () -> String?
                var onUnauthorized: ((Int) -> Void)?
                func prepare(_ request: URLRequest, target: TargetType) -> URLRequest { request }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            source.replacingOccurrences(of: "import Moya", with: "import Courier")
                .replacingOccurrences(of: ": PluginType", with: ": SynchronousPlugin"))
    }

    func test_sampleResponseClosureInALet_andClosuresReadingTheTarget_build() throws {
        // Given: a function-typed `let` passed as `sampleResponseClosure`, and closures that read a
        // target's properties (a main-actor target's, under Xcode 26's settings)
        let source = """
            import Moya
            enum API: TargetType {
                case ping
                var baseURL: URL { URL(string: "https://api.example.com")! }
                var path: String { "/ping" }
                var method: Moya.Method { .get }
                var task: Task { .requestPlain }
                var headers: [String: String]? { nil }
            }
            func makeProvider(status: Int) -> MoyaProvider<API> {
                let sampleResponse: () -> EndpointSampleResponse = { .networkResponse(status, Data()) }
                let endpointClosure = { (target: API) -> Endpoint in
                    Endpoint(url: URL(target: target).absoluteString, sampleResponseClosure: sampleResponse,
                             method: target.method, task: target.task, httpHeaderFields: target.headers)
                }
                let stubClosure = { (target: API) -> StubBehavior in target.path == "/ping" ? .immediate : .never }
                return MoyaProvider<API>(endpointClosure: endpointClosure, stubClosure: stubClosure)
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes, [])
        XCTAssertEqual(try migration.diagnostics(as: "API.swift"), [])
    }
}

final class SynchronousPluginRewriteTests: XCTestCase {
    func test_moyaPluginConformance_becomesSynchronousPlugin_butArraysAndCastsStay() {
        // Given: Moya plugins have no adapt or retry, so they never wait
        let source = """
            import Moya
            struct AuthPlugin: PluginType {
                func prepare(_ request: URLRequest, target: TargetType) -> URLRequest { request }
            }
            final class Counter: NSObject, PluginType {}
            extension Logger: PluginType {}
            let plugins: [PluginType] = [AuthPlugin()]
            let isPlugin = plugins.first is PluginType

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            struct AuthPlugin: SynchronousPlugin {
                func prepare(_ request: URLRequest, target: TargetType) -> URLRequest { request }
            }
            final class Counter: NSObject, SynchronousPlugin {}
            extension Logger: SynchronousPlugin {}
            let plugins: [PluginType] = [AuthPlugin()]
            let isPlugin = plugins.first is PluginType

            """)
    }

    func test_pluginThatDeclaresAdaptOrRetry_staysAPluginType() {
        // Given: code already written against Courier's async steps
        let source = """
            import Moya
            struct TokenPlugin: PluginType {
                func adapt(_ request: URLRequest, target: TargetType) async throws -> URLRequest { request }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertTrue(migration.text.contains("struct TokenPlugin: PluginType {"), migration.text)
    }
}
