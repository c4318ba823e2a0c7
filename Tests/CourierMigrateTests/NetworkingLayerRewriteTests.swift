import XCTest

@testable import courier_migrate

/// Shapes of shared networking layers in real apps: a protocol extension that hands out the
/// provider's parts, a generic service over any target, a session subclass.
final class NetworkingLayerRewriteTests: XCTestCase {
    func test_protocolHandingOutProviderParts_compilesAfterMigration() throws {
        // Given
        let source = """
            import Foundation
            import Moya

            protocol APIClient {
                associatedtype Target: TargetType
            }

            extension APIClient {
                static var session: Session {
                    return MoyaProvider<Target>.defaultAlamofireSession()
                }

                static var plugins: [PluginType] {
                    let logger = NetworkLoggerPlugin.init()
                    logger.configuration.logOptions = [.requestBody, .errorResponseBody]
                    return [logger]
                }

                static func makeProvider() -> MoyaProvider<Target> {
                    MoyaProvider<Target>(session: session, plugins: plugins)
                }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes, [])
        XCTAssertTrue(migration.text.contains("static var session: URLSessionTransport {"), migration.text)
        XCTAssertTrue(migration.text.contains("var logger = NetworkLoggerPlugin.init()"), migration.text)
        XCTAssertEqual(try migration.diagnostics(as: "APIClient.swift"), [], migration.text)
    }

    func test_serviceGenericOverTargets_isNotTakenForAPluginOrTarget() {
        // Given
        let source = """
            import Moya
            public class APIService<Route: TargetType> {
                public var provider: MoyaProvider<Route>
                private var stubbing: MoyaProvider<Route>
                public init() {
                    provider = MoyaProvider<Route>()
                    stubbing = MoyaProvider<Route>(stubClosure: MoyaProvider.immediatelyStub)
                }
            }

            """

        // When / Then
        XCTAssertEqual(Migration(source).notes, [])
    }

    func test_sessionSubclassAndResultImportWithoutMoyaImport_getNotes() {
        // Given
        let source = """
            import Alamofire
            import Result
            final class TimedSession: Alamofire.Session {}
            struct SpinnerPlugin: PluginType {
                func didReceive(_ result: Result<Moya.Response, MoyaError>, target: TargetType) {}
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [2, 3])
        XCTAssertTrue(migration.noteLines[1].contains("is final"), migration.noteLines[1])
    }
}
