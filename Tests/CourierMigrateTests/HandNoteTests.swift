import XCTest

@testable import courier_migrate

final class HandNoteTests: XCTestCase {
    func test_placesWithoutCounterpart_getOneNoteEach_andPublishersAndImageMappingNeedNone() {
        // Given
        let source = """
            import Moya
            import Alamofire
            func a() { provider.rx.request(.zen).subscribe() }
            func b() { provider.requestPublisher(.zen).sink { _ in } }
            func c() { provider.reactive.request(.zen).start() }
            extension Reactive where Base: MoyaProviderType {}
            let pinned = Alamofire.ServerTrustManager(evaluators: [:])
            let session = Session(configuration: .default, interceptor: Retrier())
            let image = try response.mapImage()
            switch error { case .imageMapping: break; default: break }
            AF.request("https://example.com")
            let part = MultipartFormData(provider: .stream(stream, 3), name: "a")
            throw AFError.explicitlyCancelled
            let token = CancellableToken {}
            if let afError = error.asAFError, afError.isExplicitlyCancelledError { return }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [3, 5, 6, 7, 8, 11, 12, 13, 14, 15])
        XCTAssertTrue(migration.noteLines[0].contains("try await provider.request"), migration.noteLines[0])
        XCTAssertTrue(migration.noteLines[4].contains("has no `interceptor:`"), migration.noteLines[4])
        XCTAssertTrue(migration.noteLines[9].contains("`CourierError.isCancelled`"), migration.noteLines[9])
    }

    func test_anyValuesInTargets_andStateInPlugins_needNoNote() {
        // Given
        let source = """
            import Moya
            enum API { case search([String: Any]); case page(Int) }
            extension API: TargetType {}
            final class CountingPlugin: PluginType {
                var count = 0
                var isIdle: Bool { count == 0 }
                let lock = NSLock()
            }

            """

        // When
        let migration = Migration(source)

        // Then: targets and plugins need not be Sendable
        XCTAssertEqual(migration.notes, [])
    }

    func test_reactiveWrapperOfProvider_withNothingAfterIt_getsNote() {
        // Given
        let source = """
            import Moya
            import RxSwift
            enum Backend {
                static let shared = MoyaProvider<Feed>()
                static var reactive: RxSwift.Reactive<MoyaProvider<Feed>> {
                    let api = MoyaProvider<Feed>(plugins: [])
                    return api.rx
                }
                static var sharedRx: Reactive<MoyaProvider<Feed>> { shared.rx }
            }
            func bind(_ button: UIButton) { button.rx.tap.subscribe() }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [5, 7, 9])
        XCTAssertTrue(migration.noteLines[1].contains("try await provider.request"), migration.noteLines[1])
    }

    func test_timeoutSetOnSessionConfiguration_getsNoteNamingTransportConfiguration() {
        // Given
        let source = """
            import Moya
            func makeProvider() -> MoyaProvider<Feed> {
                let session = MoyaProvider<Feed>.defaultAlamofireSession()
                session.sessionConfiguration.timeoutIntervalForRequest = 20
                return MoyaProvider<Feed>(session: session)
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [4])
        XCTAssertTrue(
            migration.noteLines[0].contains("URLSessionTransport(configuration:)"), migration.noteLines[0])
        XCTAssertTrue(migration.text.contains("Provider<Feed>.defaultTransport()"), migration.text)
    }

    func test_moya11SetUp_endpointSubclassAndTrustPolicyManager_getNotes() {
        // Given
        let source = """
            import Moya
            import Alamofire
            final class TimedEndpoint: Endpoint {
                let timeout: TimeInterval = 30
            }
            let transport = Manager(
                configuration: URLSessionConfiguration.default,
                serverTrustPolicyManager: PinningPolicies()
            )

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [3, 8])
        XCTAssertTrue(migration.noteLines[0].contains("`Endpoint` is a struct"), migration.noteLines[0])
        XCTAssertTrue(
            migration.noteLines[1].contains("takes `serverTrust:` (a `ServerTrustPolicy`"), migration.noteLines[1])
        XCTAssertTrue(migration.text.contains("let transport = URLSessionTransport("), migration.text)
    }

    func test_moya13ResultImportAndItsValue_getNotes() {
        // Given
        let source = """
            import Moya
            import Result

            func load(_ done: @escaping (Data?) -> Void) {
                provider.request(.latest) { result in done(result.value?.data) }
            }
            let type = request.value(forHTTPHeaderField: "Content-Type")

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [2, 5])
        XCTAssertTrue(migration.noteLines[0].contains("`try? result.get()`"), migration.noteLines[0])
        XCTAssertTrue(migration.noteLines[1].contains("has no `value` or `error`"), migration.noteLines[1])
        XCTAssertTrue(migration.text.hasPrefix("import Courier\nimport Result\n"), migration.text)
    }

    func test_namesInCommentsAndStrings_getNoNotes() {
        // Given
        let source = """
            import Moya
            // provider.rx.request(.zen) and AFError
            let text = "provider.requestPublisher(.zen) Session(configuration:)"

            """

        // When / Then
        XCTAssertEqual(Migration(source).notes, [])
    }

    func test_fileThatCannotBeRead_isNotMigrated() {
        // Given
        let source = "import Moya\nlet provider = MoyaProvider<API>()\nlet text = \"open\n"

        // When / Then
        XCTAssertEqual(
            FileMigrator.migrate(source), .notUnderstood(LexError(line: 3, reason: "unterminated string literal")))
    }

    func test_trustAndCacheHandlers_pointToTheirCourierCounterparts() {
        // Given
        let source = """
            import Moya
            import Alamofire
            let pins = PublicKeysTrustEvaluator()
            let open = DisabledTrustEvaluator()
            let cache = ResponseCacher.doNotCache as CachedResponseHandler

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [3, 4, 5])
        XCTAssertTrue(migration.noteLines[0].contains("pins per host in a `ServerTrustPolicy`"), migration.noteLines[0])
        XCTAssertTrue(migration.noteLines[1].contains("never turns trust evaluation off"), migration.noteLines[1])
        XCTAssertTrue(migration.noteLines[2].contains("`cachePolicy`"), migration.noteLines[2])
    }
}
