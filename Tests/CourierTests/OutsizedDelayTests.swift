import CourierTestSupport
import Foundation
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Delays and limits of any size an app or a plugin hands over: `Duration.seconds(_:)` stops the
/// process for `1e30`, infinity or NaN, so Courier never calls it with them.
final class OutsizedDelayTests: XCTestCase {
    /// Retries the first attempt after `delay` seconds.
    private struct RetryOnceAfter: PluginType {
        let delay: TimeInterval
        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        {
            context.attempt == 1 ? .retry(after: delay, reason: "test") : .doNotRetry
        }
    }

    func test_saturatingSeconds_clampsWhatSecondsWouldTrapOn() {
        XCTAssertEqual(Duration.saturating(seconds: .nan), .zero)
        XCTAssertEqual(Duration.saturating(seconds: -3), .zero)
        XCTAssertEqual(Duration.saturating(seconds: 1.5), .milliseconds(1500))
        XCTAssertEqual(Duration.saturating(seconds: 1e30), Duration.longestWait)
        XCTAssertEqual(Duration.saturating(seconds: .infinity), Duration.longestWait)
    }

    func test_pluginRetryingAfterAnOutsizedDelay_waitsUntilCancelled() async {
        for delay in [1e30, .infinity, .greatestFiniteMagnitude] {
            // Given
            let provider = Provider<GitHub>(
                stubClosure: Provider.immediatelyStub, plugins: [RetryOnceAfter(delay: delay)])
            let request = Task { await provider.result(.zen) }

            // When
            try? await Task.sleep(for: .milliseconds(50))
            request.cancel()
            let result = await request.value

            // Then
            XCTAssertTrue(result.isCancellation, "\(delay): \(result)")
        }
    }

    func test_stubDelayedByNaN_answersAtOnce_andByInfinity_waitsUntilCancelled() async throws {
        // Given
        let now = Provider<GitHub>(stubClosure: { _ in .delayed(seconds: .nan) })
        let never = Provider<GitHub>(stubClosure: { _ in .delayed(seconds: .infinity) })

        // When
        let answered = await now.result(.zen)
        let waiting = Task { await never.result(.zen) }
        try? await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        let cancelled = await waiting.value

        // Then
        XCTAssertNoThrow(try answered.get())
        XCTAssertTrue(cancelled.isCancellation, "\(cancelled)")
    }

    func test_outsizedResourceLimit_isNoLimit_andTheAnswerArrives() async throws {
        // Given
        struct Slow: TargetType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/report" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .requestPlain }
            var headers: [String: String]? { nil }
            var timeoutIntervalForResource: TimeInterval? { 1e30 }
        }
        struct Instant: HTTPTransport {
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                let url = try XCTUnwrap(request.urlRequest.url)
                let head = try XCTUnwrap(
                    HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: [:]))
                return TransportResponse(response: head, data: Data("done".utf8))
            }
        }
        let provider = Provider<Slow>(transport: Instant())

        // When
        let response = try await provider.request(Slow())

        // Then
        XCTAssertEqual(try response.mapString(), "done")
    }
}
