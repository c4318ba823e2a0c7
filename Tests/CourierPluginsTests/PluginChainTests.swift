import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The plugin chain's guarantees, for real (httpbin), stubbed and failed requests: `prepare`,
/// `adapt` and `process` run in array order; `willSend` and `didReceive` fire exactly once per
/// attempt; a plugin that throws in `adapt` fails the request and the others still hear about it.
/// Cancelled requests: PluginChainCancellationTests.
final class PluginChainTests: XCTestCase {
    private struct AdaptFailure: LocalizedError {
        var errorDescription: String? { "the vault is locked" }
    }

    /// Throws in `adapt`.
    private struct ThrowingAdaptPlugin: PluginType {
        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            throw AdaptFailure()
        }
    }

    /// Multiplies the status code by ten and adds `digit`, to show the order `process` ran in.
    private struct StatusDigitPlugin: PluginType {
        let digit: Int

        func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<
            Response, CourierError
        > {
            result.map { Response(statusCode: $0.statusCode * 10 + digit, data: $0.data, request: $0.request) }
        }
    }

    /// Retries attempt 1 once.
    private struct RetryOncePlugin: PluginType {
        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        {
            context.attempt == 1 ? .retry(after: 0, reason: "again") : .doNotRetry
        }
    }

    /// A stubbed target whose sample answer is `sample`.
    private func endpointClosure(_ sample: @escaping @Sendable () -> EndpointSampleResponse)
        -> Provider<
            SampleTarget
        >.EndpointClosure
    {
        { target in
            Endpoint(
                url: target.baseURL.appendingPathComponent(target.path).absoluteString, sampleResponseClosure: sample,
                method: target.method, task: target.task, httpHeaderFields: target.headers)
        }
    }

    // MARK: - Order

    func test_prepareAdaptAndProcess_runInArrayOrder() async throws {
        // Given
        let journal = Locked<[String]>([])
        let plugins = ["A", "B", "C"].map { JournalPlugin($0, journal: journal) }
        let provider = Provider<SampleTarget>(
            stubClosure: Provider.immediatelyStub,
            plugins: plugins + [StatusDigitPlugin(digit: 1), StatusDigitPlugin(digit: 2)])

        // When
        let response = try await provider.request(SampleTarget())

        // Then
        XCTAssertEqual(
            journal.value,
            [
                "A.prepare", "B.prepare", "C.prepare", "A.adapt", "B.adapt", "C.adapt", "A.willSend", "B.willSend",
                "C.willSend", "A.didReceive(success)", "B.didReceive(success)", "C.didReceive(success)", "A.process",
                "B.process", "C.process",
            ])
        XCTAssertEqual(
            response.request?.value(forHTTPHeaderField: "X-Trail"),
            "A.prepare,B.prepare,C.prepare,A.adapt,B.adapt,C.adapt")
        XCTAssertEqual(response.statusCode, 20_012)
    }

    // MARK: - Once per attempt

    func test_realRequest_onePairWithSuccess() async throws {
        // Given
        let plugin = JournalPlugin("p")
        let provider = Provider<HTTPBinTarget>(plugins: [plugin])

        // When
        _ = try await provider.request(HTTPBinTarget(try HTTPBin.baseURL(), "/get"))

        // Then
        assertOnePairPerAttempt(plugin, "success")
    }

    func test_realRequest_validationFailure_onePairWithFailure() async throws {
        // Given
        let plugin = JournalPlugin("p")
        let provider = Provider<HTTPBinTarget>(plugins: [plugin])

        // When
        let result = await provider.result(
            HTTPBinTarget(try HTTPBin.baseURL(), "/status/500", validationType: .successCodes))

        // Then
        XCTAssertEqual(result.statusCodeOfFailure, 500)
        assertOnePairPerAttempt(plugin, "failure")
    }

    func test_realRequest_connectionRefused_onePairWithFailure() async throws {
        // Given
        let plugin = JournalPlugin("p")
        let provider = Provider<HTTPBinTarget>(plugins: [plugin])

        // When
        _ = await provider.result(HTTPBinTarget(URL(string: "http://127.0.0.1:1")!, "/get"))

        // Then
        assertOnePairPerAttempt(plugin, "failure")
    }

    func test_immediateAndDelayedStubs_onePairWithSuccess() async {
        for stub in [Provider<SampleTarget>.immediatelyStub, Provider<SampleTarget>.delayedStub(0.01)] {
            // Given
            let plugin = JournalPlugin("p")
            let provider = Provider<SampleTarget>(stubClosure: stub, plugins: [plugin])

            // When
            _ = await provider.result(SampleTarget())

            // Then
            assertOnePairPerAttempt(plugin, "success")
        }
    }

    func test_stubbedNetworkError_onePairWithFailure() async {
        // Given
        let plugin = JournalPlugin("p")
        let provider = Provider<SampleTarget>(
            endpointClosure: endpointClosure { .networkError(URLError(.notConnectedToInternet)) },
            stubClosure: Provider.immediatelyStub, plugins: [plugin])

        // When
        _ = await provider.result(SampleTarget())

        // Then
        assertOnePairPerAttempt(plugin, "failure")
    }

    func test_requestClosureFailure_onePairWithoutRequest() async {
        // Given
        let plugin = JournalPlugin("p")
        let log = LogRecorder()
        let provider = Provider<SampleTarget>(
            requestClosure: { _, done in done(.failure(.requestMapping("nope"))) },
            stubClosure: Provider.immediatelyStub, plugins: [plugin, log.logger()])

        // When
        _ = await provider.result(SampleTarget())

        // Then
        assertOnePairPerAttempt(plugin, "failure")
        XCTAssertTrue(log.text.contains("Request: (invalid request)"), log.text)
    }

    func test_retriedRequest_onePairPerAttemptWithTheAttemptNumbers() async {
        // Given
        let plugin = JournalPlugin("p")
        let provider = Provider<SampleTarget>(
            stubClosure: Provider.immediatelyStub, plugins: [plugin, RetryOncePlugin()])

        // When
        _ = await provider.result(SampleTarget())

        // Then
        assertOnePairPerAttempt(plugin, "success", attempts: 2)
        XCTAssertEqual(plugin.contexts.value.compactMap { $0?.attempt }, [1, 1, 2, 2])
        XCTAssertEqual(plugin.count("prepare"), 2)
    }

    // MARK: - A plugin that throws in adapt

    func test_adaptThrows_failsWithTheErrorAndEveryPluginSeesOnePair() async {
        // Given
        let journal = Locked<[String]>([])
        let before = JournalPlugin("before", journal: journal)
        let after = JournalPlugin("after", journal: journal)
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(transport: transport, plugins: [before, ThrowingAdaptPlugin(), after])

        // When
        let result = await provider.result(SampleTarget())

        // Then
        guard case .failure(let error) = result, case .underlying(let underlying, nil) = error else {
            return XCTFail("expected .underlying(AdaptFailure, nil), got \(result)")
        }
        XCTAssertTrue(underlying is AdaptFailure)
        XCTAssertEqual(error.description, "the vault is locked")
        XCTAssertTrue(transport.sent.value.isEmpty)
        assertOnePairPerAttempt(before, "failure")
        assertOnePairPerAttempt(after, "failure")
        XCTAssertEqual(after.count("adapt"), 0)
        XCTAssertEqual(after.count("process"), 1)
    }

    func test_adaptThrowsCourierError_isKeptAsItIs() async {
        // Given
        struct Refusing: PluginType {
            func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                throw CourierError.requestMapping("refused by plugin")
            }
        }
        let provider = Provider<SampleTarget>(stubClosure: Provider.immediatelyStub, plugins: [Refusing()])

        // When
        let result = await provider.result(SampleTarget())

        // Then
        guard case .failure(.requestMapping(let text)) = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(text, "refused by plugin")
    }
}

extension Result where Success == Response, Failure == CourierError {
    /// The status code of the response a failure carries.
    fileprivate var statusCodeOfFailure: Int? {
        if case .failure(let error) = self { return error.response?.statusCode }
        return nil
    }
}
