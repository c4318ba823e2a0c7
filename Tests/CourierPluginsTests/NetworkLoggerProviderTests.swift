import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// The logger inside a provider: Moya's stubbed-request lines, and what Courier adds (request id,
/// attempt, stubbed mark, status and elapsed time), under concurrency.
final class NetworkLoggerProviderTests: XCTestCase {
    /// Retries every attempt once: attempt 1 is retried, attempt 2 is delivered.
    private struct RetryOncePlugin: PluginType {
        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        {
            context.attempt == 1 ? .retry(after: 0, reason: "test") : .doNotRetry
        }
    }

    func test_immediateStub_verbose_logsMoyaLines() {
        // Given
        let log = LogRecorder()
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [log.logger(.verbose)])

        // When
        provider.request(.zen) { _ in }

        // Then: Moya's spec reads these right after `request` returns
        for expected in [
            "Request: https://api.github.com/zen", "Request Headers: ", "User-Agent", "Accept-Encoding",
            "Accept-Language", "HTTP Request Method: GET", "Response: Received empty network response for zen.",
            "Response Body: Half measures are as bad as nothing at all.",
        ] {
            XCTAssertTrue(log.text.contains(expected), "missing \(expected) in \(log.text)")
        }
    }

    func test_stubbedRequest_everyLineCarriesIdAttemptAndStubbedMark() throws {
        // Given
        let log = LogRecorder()
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [log.logger(.verbose)])

        // When
        provider.request(.zen) { _ in }

        // Then
        let marks = Set(log.lines.map(Self.requestMark))
        XCTAssertEqual(marks.count, 1, log.text)
        let mark = try XCTUnwrap(marks.first ?? nil)
        XCTAssertNotNil(mark.range(of: #"^\[#\d+ attempt 1, stubbed\]$"#, options: .regularExpression), mark)
    }

    func test_responseLine_carriesStatusCodeAndElapsedTime() throws {
        // Given
        let log = LogRecorder()
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [log.logger(.default)])

        // When
        provider.request(.zen) { _ in }

        // Then
        let responseLine = try XCTUnwrap(log.lines.first { $0.contains("Response: ") })
        XCTAssertNotNil(
            responseLine.range(of: #"response for zen\. 200 in \d+\.\d ms$"#, options: .regularExpression),
            responseLine)
    }

    func test_twoRequests_haveDifferentIds() async {
        // Given
        let log = LogRecorder()
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [log.logger(.default)])

        // When
        _ = await provider.result(.zen)
        _ = await provider.result(.zen)

        // Then
        XCTAssertEqual(Set(log.lines.map(Self.requestMark)).count, 2)
    }

    func test_retriedRequest_logsEachAttemptWithTheSameId() async throws {
        // Given
        let log = LogRecorder()
        let provider = Provider<GitHub>(
            stubClosure: Provider.immediatelyStub, plugins: [log.logger(.default), RetryOncePlugin()])

        // When
        _ = await provider.result(.zen)

        // Then
        let requestLines = log.lines.filter { $0.contains("] Request: ") }
        let marks = requestLines.compactMap(Self.requestMark)
        XCTAssertEqual(marks.count, 2)
        let id = try XCTUnwrap(marks.first?.split(separator: " ").first)
        XCTAssertEqual(marks, ["\(id) attempt 1, stubbed]", "\(id) attempt 2, stubbed]"])
    }

    func test_requestAndResponse_areOneOutputCallEach() async {
        // Given
        let log = LogRecorder()
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [log.logger(.verbose)])

        // When
        _ = await provider.result(.zen)

        // Then
        XCTAssertEqual(log.outputCalls.count, 2)
        XCTAssertEqual(log.outputCalls.first?.count, 3)
        XCTAssertEqual(log.outputCalls.last?.count, 2)
    }

    func test_concurrentRequests_eachRequestLogsItsOwnPairUnderOneId() async {
        // Given
        let log = LogRecorder()
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(0.01), plugins: [log.logger(.verbose)])
        let count = 200

        // When
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask { _ = await provider.result(index.isMultiple(of: 2) ? .zen : .userProfile("u\(index)")) }
            }
        }

        // Then: every call is one request's three request lines or two response lines, all marked alike
        XCTAssertEqual(log.outputCalls.count, 2 * count)
        var linesPerRequest: [String: Int] = [:]
        for call in log.outputCalls {
            let marks = Set(call.map(Self.requestMark))
            XCTAssertEqual(marks.count, 1)
            if let mark = marks.first ?? nil { linesPerRequest[mark, default: 0] += call.count }
        }
        XCTAssertEqual(linesPerRequest.count, count)
        XCTAssertTrue(linesPerRequest.values.allSatisfy { $0 == 5 })
    }

    /// `[#12 attempt 1, stubbed]` from a default-formatted line.
    private static func requestMark(_ line: String) -> String? {
        guard let range = line.range(of: #"\[#\d+ attempt \d+(, stubbed)?\]"#, options: .regularExpression) else {
            return nil
        }
        return String(line[range])
    }
}
