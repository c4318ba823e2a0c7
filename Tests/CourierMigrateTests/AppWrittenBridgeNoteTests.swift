import XCTest

@testable import courier_migrate

/// What apps wrote around Moya (async wrappers, Combine overloads, endpoint closures that read a
/// task's parameters back, targets that carry any values) gets a note where Courier differs, and no
/// note where it does not.
final class AppWrittenBridgeNoteTests: XCTestCase {
    func test_continuationWrapperInProviderExtension_getsNoteNamingCouriersAsyncRequest() throws {
        // Given: the async wrapper many apps add to the provider
        let source = """
            import Moya
            extension MoyaProvider {
                func request(_ target: Target) async throws -> Response {
                    try await withCheckedThrowingContinuation { continuation in
                        self.request(target) { result in
                            continuation.resume(with: result)
                        }
                    }
                }
                func describe(_ target: Target) -> String { "\\(target)" }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [3])
        XCTAssertTrue(migration.noteLines[0].contains("try await request(target)"), migration.noteLines[0])
        XCTAssertEqual(try migration.diagnostics(as: "Wrapper.swift"), [])
    }

    func test_publisherCalls_needNoNote_combineMoyasOrTheAppsOwnOverload() {
        // Given
        let source = """
            import Moya
            import CombineMoya
            func a() { _ = provider.requestPublisher(.zen, timeout: 10) }
            func b() { _ = provider.requestPublisher(.search(query: "q"), callbackQueue: .main) }

            """

        // When
        let migration = Migration(source)

        // Then: Courier has CombineMoya's publishers
        XCTAssertEqual(migration.notes, [])
        XCTAssertTrue(migration.text.hasPrefix("import Courier\nfunc a()"), migration.text)
    }

    func test_taskParametersReadBackWithAnAppsDictionaryMethod_areLeftAlone_andBuild() throws {
        // Given: an endpoint closure that adds an API key to every task (GetStream's shape); the
        // parameters it reads back are Moya's `[String: Any]` in Courier too
        let source = """
            import Moya
            extension Dictionary {
                func merged(with other: Dictionary) -> Dictionary { merging(other) { _, new in new } }
            }
            func withKey(_ task: Task, key: [String: String]) -> Task {
                switch task {
                case let .requestParameters(parameters, encoding):
                    if parameters.isEmpty { return task }
                    return .requestParameters(parameters: parameters.merged(with: key), encoding: encoding)
                case .requestCompositeParameters(let body, let bodyEncoding, let query):
                    let signed = try? JSONSerialization.data(withJSONObject: body)
                    return .requestCompositeParameters(
                        bodyParameters: body, bodyEncoding: bodyEncoding,
                        urlParameters: query.merged(with: ["signature": signed?.count ?? 0]))
                default:
                    return task
                }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes, [])
        XCTAssertEqual(
            migration.text,
            source.replacingOccurrences(of: "import Moya", with: "import Courier")
                .replacingOccurrences(of: "Task", with: "HTTPTask"))
        XCTAssertEqual(try migration.diagnostics(as: "Key.swift"), [])
    }

    func test_anyValuesAndEncodablesInATargetCase_areLeftAlone_andBuild() throws {
        // Given: targets need not be Sendable, so cases carry what they carried in Moya
        let source = """
            import Moya
            enum FeedAPI: TargetType {
                case update(Encodable)
                case patch(fields: [String: Any])
                var baseURL: URL { URL(string: "https://feed.example.com")! }
                var path: String { "/feed" }
                var method: Moya.Method { .post }
                var task: Task {
                    switch self {
                    case .update(let body): return .requestJSONEncodable(body)
                    case .patch(let fields): return .requestParameters(parameters: fields, encoding: JSONEncoding.default)
                    }
                }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes, [])
        XCTAssertEqual(try migration.diagnostics(as: "Feed.swift"), [])
    }
}
