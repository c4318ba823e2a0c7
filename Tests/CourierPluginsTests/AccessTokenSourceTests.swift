import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async token source: awaited in `adapt`, once per attempt, only for authorizable targets.
final class AccessTokenSourceTests: XCTestCase {
    private struct TokenUnavailable: Error {}

    /// A source that counts its calls and remembers the attempts that asked.
    private actor CountingSource: AccessTokenSource {
        private(set) var attempts: [Int] = []
        private(set) var targets: [String] = []

        func token(for target: any TargetType) async throws -> String {
            attempts.append(RequestContext.current?.attempt ?? 0)
            targets.append(String(describing: type(of: target)))
            return "token-\(attempts.count)"
        }
    }

    private struct RetryOncePlugin: PluginType {
        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        {
            context.attempt == 1 ? .retry(after: 0, reason: "test") : .doNotRetry
        }
    }

    func test_tokenSource_setsHeaderThroughAdapt() async throws {
        // Given
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(
            transport: transport,
            plugins: [AccessTokenPlugin(tokenSource: ClosureAccessTokenSource { _ in "from-source" })])

        // When
        _ = try await provider.request(SampleTarget(authorizationType: .bearer))

        // Then
        XCTAssertEqual(
            transport.sent.value.map { $0.value(forHTTPHeaderField: "Authorization") }, ["Bearer from-source"])
    }

    func test_tokenSource_prepareLeavesRequestAlone() {
        // Given
        let plugin = AccessTokenPlugin(tokenSource: ClosureAccessTokenSource { _ in "t" })

        // When
        let prepared = plugin.prepare(
            URLRequest(url: URL(string: "https://x.test")!), target: SampleTarget(authorizationType: .bearer))

        // Then
        XCTAssertNil(prepared.allHTTPHeaderFields)
    }

    func test_actorSource_isAskedOncePerAttemptWithTheUnwrappedTarget() async throws {
        // Given
        let source = CountingSource()
        let transport = RecordingTransport()
        let provider = Provider<MultiTarget>(
            transport: transport, plugins: [AccessTokenPlugin(tokenSource: source), RetryOncePlugin()])

        // When
        _ = try await provider.request(MultiTarget(SampleTarget(authorizationType: .bearer)))

        // Then
        let attempts = await source.attempts
        let targets = await source.targets
        XCTAssertEqual(attempts, [1, 2])
        XCTAssertEqual(targets, ["SampleTarget", "SampleTarget"])
        XCTAssertEqual(
            transport.sent.value.map { $0.value(forHTTPHeaderField: "Authorization") },
            ["Bearer token-1", "Bearer token-2"])
    }

    func test_tokenSource_notAuthorizableTargets_areNotAskedAndGetNoHeader() async throws {
        // Given
        let source = CountingSource()
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(transport: transport, plugins: [AccessTokenPlugin(tokenSource: source)])

        // When
        _ = try await provider.request(SampleTarget(authorizationType: nil))

        // Then
        let attempts = await source.attempts
        XCTAssertEqual(attempts, [])
        XCTAssertNil(transport.sent.value.first?.value(forHTTPHeaderField: "Authorization"))
    }

    func test_tokenSource_throws_failsBeforeSendingWithTheSourceError() async {
        // Given
        let transport = RecordingTransport()
        let journal = JournalPlugin("observer")
        let provider = Provider<SampleTarget>(
            transport: transport,
            plugins: [
                AccessTokenPlugin(tokenSource: ClosureAccessTokenSource { _ in throw TokenUnavailable() }), journal,
            ])

        // When
        let result = await provider.result(SampleTarget(authorizationType: .bearer))

        // Then
        guard case .failure(.underlying(let error, nil)) = result else {
            return XCTFail("expected .underlying(TokenUnavailable, nil), got \(result)")
        }
        XCTAssertTrue(error is TokenUnavailable)
        XCTAssertTrue(transport.sent.value.isEmpty)
        XCTAssertEqual(journal.count("didReceive(failure)"), 1)
    }

    func test_tokenSource_tokenWithLineBreak_failsWithInvalidAccessTokenError() async {
        // Given
        let transport = RecordingTransport()
        let plugin = AccessTokenPlugin(tokenSource: ClosureAccessTokenSource { _ in "abc\nX-Injected: 1" })
        let provider = Provider<SampleTarget>(transport: transport, plugins: [plugin])

        // When
        let result = await provider.result(SampleTarget(authorizationType: .bearer))

        // Then
        guard case .failure(let courierError) = result, case .underlying(let error, nil) = courierError,
            let invalid = error as? InvalidAccessTokenError
        else { return XCTFail("expected InvalidAccessTokenError, got \(result)") }
        XCTAssertEqual(invalid.target, "SampleTarget")
        XCTAssertTrue(courierError.description.contains("access token for SampleTarget"), courierError.description)
        XCTAssertFalse(courierError.description.contains("X-Injected"))
        XCTAssertTrue(transport.sent.value.isEmpty)
    }
}
