import XCTest

@testable import courier_migrate

/// What apps wrote around Moya (async wrappers, Combine overloads, endpoint closures that read a
/// task's parameters back) gets a note where Courier differs, and no note where it does not.
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
        XCTAssertEqual(try migration.compileErrors(as: "Wrapper.swift"), [5: [], 6: []])
    }

    func test_appsOwnPublisherOverload_getsNoCombineNote_combineMoyasCallDoes() {
        // Given
        let source = """
            import Moya
            import CombineMoya
            func a() { _ = provider.requestPublisher(.zen, timeout: 10) }
            func b() { _ = provider.requestPublisher(.search(query: "q"), callbackQueue: .main) }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [4])
    }

    func test_taskParametersReadBackWithAnAppsDictionaryMethod_getNote() throws {
        // Given: an endpoint closure that adds an API key to every task (GetStream's shape)
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
                    return .requestCompositeParameters(
                        bodyParameters: body, bodyEncoding: bodyEncoding, urlParameters: query.merged(with: key))
                default:
                    return task
                }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [9, 12])
        XCTAssertTrue(migration.noteLines[0].contains("`parameters.dictionary`"), migration.noteLines[0])
        let errors = try migration.compileErrors(as: "Key.swift")
        XCTAssertEqual(errors[5]?.map(\.line), [9, 12])
        let folder = try TemporaryFolder()
        let fixed = migration.text.replacingOccurrences(of: "parameters.merged", with: "parameters.dictionary.merged")
            .replacingOccurrences(of: "query.merged", with: "query.dictionary.merged")
        _ = try folder.write(fixed, to: "Key.swift")
        for languageMode in [5, 6] {
            XCTAssertEqual(try SwiftCompiler.typecheck(["Key.swift"], in: folder.url, languageMode: languageMode), [])
        }
    }

    func test_encodableInATargetCase_getsSendableNote_encodableAndSendableDoesNot() {
        // Given
        let source = """
            import Moya
            enum FeedAPI: TargetType {
                case update(Encodable)
                case patch(fields: [String: Encodable])
                case add(any Encodable & Sendable)
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [3, 4])
        XCTAssertTrue(migration.noteLines[0].contains("any Encodable & Sendable"), migration.noteLines[0])
    }
}
