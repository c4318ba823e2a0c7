import Courier
import CourierPlugins
import CourierTestSupport
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

private enum Weather: TargetType {
    case forecast

    var baseURL: URL { URL(string: "https://weather.example.com")! }
    var path: String { "/forecast" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var sampleData: Data { Data(#"{"celsius": 3, "access_token": "tok"}"#.utf8) }
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
