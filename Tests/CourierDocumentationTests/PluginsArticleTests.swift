import Courier
import CourierPlugins
import CourierTestSupport
import CourierTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The Plugins article's code, line for line.
private struct APIKeyPlugin: SynchronousPlugin {
    let key: String

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        request.setValue(key, forHTTPHeaderField: "X-API-Key")
        return request
    }
}

private struct TimingPlugin: SynchronousPlugin {
    let report: (_ requestID: UInt64, _ attempt: Int, _ elapsed: Duration) -> Void

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        guard let context = RequestContext.current else { return }
        report(context.id, context.attempt, ContinuousClock.now - context.startedAt)
    }
}

private struct SlowAttemptPlugin: SynchronousPlugin {
    let limit: Duration
    let report: (_ attempt: Int, _ metrics: TransferMetrics) -> Void

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        let response: Response?
        switch result {
        case .success(let success): response = success
        case .failure(let error): response = error.response
        }
        guard let metrics = response?.metrics, let duration = metrics.duration, duration > limit else { return }
        report(RequestContext.current?.attempt ?? 1, metrics)
    }
}

/// Answers every request with a `503` that took 50 ms, as its metrics say.
private struct SlowServer: HTTPTransport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        guard let response = HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: nil) else {
            throw URLError(.badServerResponse)
        }
        return TransportResponse(response: response, metrics: TransferMetrics(duration: .milliseconds(50)))
    }
}

/// Retries until a request has had `attempts` attempts.
private struct RetryUntil: SynchronousPlugin {
    let attempts: Int

    func retrySynchronously(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext)
        -> RetryDecision
    {
        context.attempt < attempts ? .retry(after: 0, reason: "again") : .doNotRetry
    }
}

private enum Weather: TargetType {
    case forecast

    var baseURL: URL { URL(string: "https://weather.example.com")! }
    var path: String { "/forecast" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var sampleData: Data { Data(#"{"celsius": 3, "access_token": "tok"}"#.utf8) }
}

private struct Envelope: APIEnvelope {
    let code: Int
    let msg: String?
    var failure: APIEnvelopeError? { code == 0 ? nil : APIEnvelopeError(code: code, message: msg) }
}

private struct Forecast: Decodable {
    let celsius: Int
}

/// The app's own logging and metrics the article sends lines to.
private struct AppLog: Sendable {
    let lines = Locked<[String]>([])
    func debug(_ line: String) { lines.append(line) }
}

private struct Metrics: Sendable {
    let attempts = Locked<[Int]>([])
    func record(_ id: UInt64, _ attempt: Int, _ elapsed: Duration) { attempts.append(attempt) }
}

final class PluginsArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/Plugins.md", by: #filePath)
    }

    // The article's lines that would reach a real server: compiled, not run.
    private func articleEnvelope() async throws -> Forecast {
        let wrapped = Provider<Weather>(plugins: [APIEnvelopePlugin(Envelope.self, payloadKeyPath: "data")])
        let today = try await wrapped.request(.forecast, as: Forecast.self)
        return today
    }

    func test_envelopePlugin_handsOverThePayload_orTheServersError() async throws {
        // Given
        let plugin = APIEnvelopePlugin(Envelope.self, payloadKeyPath: "data")
        let stubs = Stubs<Weather>().on(
            .forecast, .json(#"{"code": 0, "msg": "ok", "data": {"celsius": 3}}"#),
            .json(#"{"code": 42, "msg": "no such city", "data": null}"#))
        let provider = Provider(stubs: stubs, plugins: [plugin])

        // When
        let today = try await provider.request(.forecast, as: Forecast.self)
        let refused = await provider.result(.forecast)

        // Then
        XCTAssertEqual(today.celsius, 3)
        guard case .failure(.underlying(let error as APIEnvelopeError, let response)) = refused else {
            return XCTFail("expected the envelope's error, got \(refused)")
        }
        XCTAssertEqual(error.code, "42")
        XCTAssertEqual(error.message, "no such city")
        XCTAssertNotNil(response, "the envelope's failure keeps the response")
    }

    func test_verboseLogger_writesBodiesOfStubbedRequests() async throws {
        // Given
        let verbose = Provider<Weather>(plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: .verbose))])
        let appLog = AppLog()
        let logger = try XCTUnwrap(verbose.plugins.first as? NetworkLoggerPlugin)
        var configuration = logger.configuration
        configuration.output = { _, lines in for line in lines { appLog.debug(line) } }
        let stubbed = Provider<Weather>(
            stubClosure: Provider.immediatelyStub, plugins: [NetworkLoggerPlugin(configuration: configuration)])

        // When
        _ = try await stubbed.request(.forecast)

        // Then
        let log = appLog.lines.value.joined(separator: "\n")
        XCTAssertTrue(log.contains("[#"), log)
        XCTAssertTrue(log.contains("attempt 1, stubbed] Request: https://weather.example.com/forecast"), log)
        XCTAssertTrue(log.contains("Response Body: {\n  \"access_token\" : \"<redacted>\",\n  \"celsius\" : 3"), log)
        XCTAssertFalse(log.contains("\"tok\""), "the body's access_token is hidden")
    }

    func test_ownPlugins_setTheKeyAndSeeTheContext() async throws {
        // Given
        let metrics = Metrics()
        let provider = Provider<Weather>(plugins: [
            APIKeyPlugin(key: "k-123"),
            TimingPlugin { id, attempt, elapsed in metrics.record(id, attempt, elapsed) },
        ])
        let stubbed = Provider<Weather>(stubClosure: Provider.immediatelyStub, plugins: provider.plugins)

        // When
        let response = try await stubbed.request(.forecast)

        // Then
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "X-API-Key"), "k-123")
        XCTAssertEqual(metrics.attempts.value, [1])
    }

    func test_slowAttemptPlugin_hearsOfEverySlowAttempt_andNotOfStubs() async throws {
        // Given: a server whose answers take 50 ms, and a failing request tried twice
        let slow = Locked<[Int]>([])
        let plugin = SlowAttemptPlugin(limit: .milliseconds(10)) { attempt, _ in slow.append(attempt) }
        let provider = Provider<HTTPBinTarget>(transport: SlowServer(), plugins: [plugin, RetryUntil(attempts: 2)])
        let stubbed = Provider<Weather>(stubClosure: Provider.immediatelyStub, plugins: [plugin])
        let timed = NetworkLoggerPlugin(configuration: .init(logOptions: [.default, .transferMetrics]))

        // When
        let result = await provider.result(
            HTTPBinTarget(URL(string: "https://weather.example.com")!, "/forecast", validationType: .successCodes))
        _ = try await stubbed.request(.forecast)

        // Then: both attempts of the failing request, and nothing of the stub (no transfer, no time)
        XCTAssertEqual(try? result.get().statusCode, nil)
        XCTAssertEqual(slow.value, [1, 2])
        XCTAssertTrue(timed.configuration.logOptions.contains(.transferMetrics))
    }

    func test_logger_sendsRedactedLinesToTheAppLog() async throws {
        // Given
        let appLog = AppLog()
        let logger = NetworkLoggerPlugin(
            configuration: .init(
                output: { _, lines in for line in lines { appLog.debug(line) } },
                logOptions: .verbose,
                redaction: .default.adding(headers: ["X-Session"], queryParameters: ["sig"])))
        let provider = Provider<Weather>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["X-Session": "s-42"])
            }, stubClosure: Provider.immediatelyStub, plugins: [logger])

        // When
        _ = try await provider.request(.forecast)

        // Then
        let log = appLog.lines.value.joined(separator: "\n")
        XCTAssertTrue(log.contains("\"X-Session\": \"<redacted>\""), log)
        XCTAssertFalse(log.contains("s-42"))
        XCTAssertFalse(log.contains("\"tok\""), "the JSON body's access_token is hidden too")
    }
}
