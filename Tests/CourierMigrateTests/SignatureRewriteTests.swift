import XCTest

@testable import courier_migrate

final class SignatureRewriteTests: XCTestCase {
    func test_providerClosures_becomeSendable() {
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
            let endpointClosure = { @Sendable (target: API) -> Endpoint in Endpoint(url: "", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain, httpHeaderFields: nil) }
            let stub = { @Sendable [weak self] (target: API) -> StubBehavior in .never }
            let requestClosure = { @Sendable (endpoint: Endpoint, done: @escaping Provider<API>.RequestResultClosure) in }
            let already = { @Sendable (target: API) -> Courier.Endpoint in fatalError() }
            init(endpointClosure: @escaping @Sendable (Target) -> Endpoint, stubClosure: @escaping @Sendable (Target) -> StubBehavior) {}
            func endpoint(for target: API) -> Endpoint { fatalError() }

            """)
    }

    func test_storedClosuresOfPluginsAndTargets_becomeSendable() {
        // Given
        let source = """
            import Moya
            struct AuthPlugin: PluginType {
                let token: () -> String?
                var onUnauthorized: ((Int) -> Void)?
                let name: String
                func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
                    let local: () -> Void = {}
                    return request
                }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertTrue(migration.text.contains("    let token: @Sendable () -> String?\n"))
        XCTAssertTrue(migration.text.contains("    var onUnauthorized: (@Sendable (Int) -> Void)?\n"))
        XCTAssertTrue(migration.text.contains("        let local: () -> Void = {}\n"))
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
