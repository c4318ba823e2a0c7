import XCTest

@testable import courier_migrate

/// Plugins written for Moya 8 that real apps still carry: the old method names, and the closures
/// they keep under a `typealias`, which stays as it is.
final class LegacyPluginRewriteTests: XCTestCase {
    func test_moya8PluginMethods_getTheirNewNames_andFilteringClosuresStay() throws {
        // Given
        let source = """
            import Moya

            final class RequestAuditor: PluginType {
                typealias Filter = (TargetType) -> Bool

                let skip: Filter

                init(skip: @escaping Filter = { _ in false }) {
                    self.skip = skip
                }

                func willSendRequest(_ request: RequestType, target: TargetType) {
                    guard !skip(target) else { return }
                    _ = request.request?.url
                }

                func didReceiveResponse(_ result: Result<Moya.Response, MoyaError>, target: TargetType) {
                    if case .failure(let error) = result { _ = error.response }
                }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertTrue(migration.text.contains("typealias Filter = (TargetType) -> Bool"), migration.text)
        XCTAssertTrue(migration.text.contains("func willSend(_ request: RequestType"), migration.text)
        XCTAssertTrue(migration.text.contains("func didReceive(_ result: Result<Courier.Response,"), migration.text)
        XCTAssertEqual(try migration.diagnostics(as: "Auditor.swift"), [], migration.text)
    }

    func test_methodsOfThoseNamesThatAreCalled_keepTheirNames() {
        // Given
        let source =
            "import Moya\nfunc audit(_ auditor: Auditor) { auditor.willSendRequest(request, target: target) }\n"

        // When / Then
        XCTAssertTrue(Migration(source).text.contains("auditor.willSendRequest("))
    }
}
