import Courier
import CourierPlugins
import CourierTestSupport
import CourierTesting
import XCTest

final class RetryPluginTests: XCTestCase {
    private struct Flaky: TargetType {
        var baseURL: URL { URL(string: "https://flaky.example")! }
        var path: String { "/thing" }
        var method: HTTPMethod
        var validationType: ValidationType = .none
        var task: HTTPTask { .requestPlain }
    }

    private struct Attempts: PluginType {
        let log: Locked<[String]>
        func willSend(_ request: any RequestType, target: any TargetType) {
            log.append("willSend #\(RequestContext.current?.attempt ?? 0)")
        }
        func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
            log.append("didReceive #\(RequestContext.current?.attempt ?? 0)")
        }
    }

    /// Every Flaky request answers `responses` in turn, one per attempt (the last repeats).
    private func stubs(_ responses: StubResponse...) -> Stubs<Flaky> {
        Stubs<Flaky>().on(where: { _ in true }, responses: responses)
    }

    private func provider(
        _ stubs: Stubs<Flaky>, recorder: RequestRecorder, policy: RetryPolicy = RetryPolicy(baseDelay: 0),
        log: Locked<[String]> = Locked([])
    ) -> Provider<Flaky> {
        Provider(stubs: stubs, plugins: [RetryPlugin(policy: policy, random: { 0 }), Attempts(log: log), recorder])
    }

    func test_transientStatuses_areRetriedUntilSuccess_withTheChainRunPerAttempt() async throws {
        // Given
        let recorder = RequestRecorder()
        let log = Locked<[String]>([])
        let flaky = provider(stubs(.status(503), .status(502), .status(200)), recorder: recorder, log: log)
        // When
        let response = try await flaky.request(Flaky(method: .get))
        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(recorder.requests.map(\.attempt), [1, 2, 3])
        XCTAssertEqual(
            log.value, ["willSend #1", "didReceive #1", "willSend #2", "didReceive #2", "willSend #3", "didReceive #3"])
    }

    func test_givingUp_failsWithTheNumberOfAttemptsAndTheLastResponse() async {
        // Given: a target that validates, and a server that keeps failing
        let recorder = RequestRecorder()
        let flaky = provider(
            stubs(.status(500)), recorder: recorder, policy: RetryPolicy(maximumAttempts: 4, baseDelay: 0))
        // When
        do {
            _ = try await flaky.request(Flaky(method: .get, validationType: .successCodes))
            XCTFail("expected a failure")
        } catch {
            // Then
            guard case .underlying(let limit as RetryLimitReachedError, let response?) = error else {
                return XCTFail("got \(error)")
            }
            XCTAssertEqual(limit.attempts, 4)
            guard case .statusCode = limit.lastError else { return XCTFail("got \(limit.lastError)") }
            XCTAssertEqual(response.statusCode, 500)
            XCTAssertEqual(recorder.requests.count, 4)
        }
    }

    func test_withoutValidation_theLastAnswerIsReturnedAsItIs() async throws {
        let recorder = RequestRecorder()
        let response = try await provider(stubs(.status(500)), recorder: recorder).request(Flaky(method: .get))
        XCTAssertEqual(response.statusCode, 500)
        XCTAssertEqual(recorder.requests.count, 3)
    }

    func test_transportErrors_retriedThenReportedWithAttempts() async {
        let recorder = RequestRecorder()
        do {
            _ = try await provider(stubs(.connectionLost), recorder: recorder).request(Flaky(method: .get))
            XCTFail("expected a failure")
        } catch {
            guard case .underlying(let limit as RetryLimitReachedError, nil) = error else {
                return XCTFail("got \(error)")
            }
            XCTAssertEqual(limit.attempts, 3)
            XCTAssertEqual((limit.lastError.underlyingError as? URLError)?.code, .networkConnectionLost)
            XCTAssertTrue(error.localizedDescription.hasPrefix("Gave up after 3 attempts."), error.localizedDescription)
            XCTAssertEqual(recorder.requests.count, 3)
        }
    }

    func test_nonIdempotentMethods_areNotRetriedByDefault() async throws {
        let recorder = RequestRecorder()
        let response = try await provider(stubs(.status(503), .status(200)), recorder: recorder).request(
            Flaky(method: .post))
        XCTAssertEqual(response.statusCode, 503)
        XCTAssertEqual(recorder.requests.count, 1)
    }

    func test_clientErrors_areNotRetried() async throws {
        let recorder = RequestRecorder()
        let response = try await provider(stubs(.status(404), .status(200)), recorder: recorder).request(
            Flaky(method: .get))
        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(recorder.requests.count, 1)
    }

    func test_retryAfterSeconds_setsTheWait() async {
        let plugin = RetryPlugin(policy: RetryPolicy(baseDelay: 0))
        let answer = Response(
            statusCode: 429, data: Data(),
            response: HTTPURLResponse(
                url: URL(string: "https://x.io")!, statusCode: 429, httpVersion: nil, headerFields: ["Retry-After": "7"]
            ))
        let decision = await plugin.retry(
            .success(answer), target: Flaky(method: .get), context: RetryContext(attempt: 1, request: nil))
        guard case .retry(let delay, _) = decision else { return XCTFail("got \(decision)") }
        XCTAssertEqual(delay, 7)
    }

    func test_retryAfterHTTPDate_setsTheWait() async {
        let plugin = RetryPlugin(policy: RetryPolicy(baseDelay: 0))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let inTwentySeconds = formatter.string(from: Date().addingTimeInterval(20))
        let answer = Response(
            statusCode: 503, data: Data(),
            response: HTTPURLResponse(
                url: URL(string: "https://x.io")!, statusCode: 503, httpVersion: nil,
                headerFields: ["Retry-After": inTwentySeconds]))
        let decision = await plugin.retry(
            .success(answer), target: Flaky(method: .get), context: RetryContext(attempt: 1, request: nil))
        guard case .retry(let delay, _) = decision else { return XCTFail("got \(decision)") }
        XCTAssertGreaterThan(delay, 15)
        XCTAssertLessThanOrEqual(delay, 20)
    }

    func test_retryAfterBeyondTheBound_returnsTheAnswerInsteadOfWaiting() async throws {
        let recorder = RequestRecorder()
        let flaky = provider(stubs(.status(503).withHeaders(["Retry-After": "3600"]), .status(200)), recorder: recorder)
        let response = try await flaky.request(Flaky(method: .get))
        XCTAssertEqual(response.statusCode, 503)
        XCTAssertEqual(recorder.requests.count, 1)
    }

    func test_cancellingDuringTheWait_endsTheRequestAtOnce() async {
        let recorder = RequestRecorder()
        let waiting = provider(stubs(.status(503)), recorder: recorder, policy: RetryPolicy(baseDelay: 30, jitter: 0))
        let started = ContinuousClock.now
        let task = Task { try await waiting.request(Flaky(method: .get)) }
        try? await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let result = await task.result
        guard case .failure(let error as CourierError) = result else { return XCTFail("got \(result)") }
        XCTAssertTrue(error.isCancelled)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
        XCTAssertEqual(recorder.requests.count, 1)
    }

    func test_cancellation_isNeverRetried() async {
        let recorder = RequestRecorder()
        _ = try? await provider(stubs(.error(.cancelled)), recorder: recorder).request(Flaky(method: .get))
        XCTAssertEqual(recorder.requests.count, 1)
    }
}
