import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A plugin that must be awaited for a target only at some moments is asked first whether each
/// step can be answered at once: its asynchronous `adapt` and `retry` are awaited only when it
/// cannot. `AccessTokenPlugin` is one: a token at hand and any answer but a 401 to refresh need
/// no wait.
final class StepwiseSuspendingPluginTests: XCTestCase {
    /// Answers `adapt` at once while `atHand`, `retry` at once for anything but a 401, and counts
    /// the awaits of its asynchronous steps.
    private final class Stepwise: StepwiseSuspendingPlugin, Sendable {
        let atHand: Bool
        let adaptAwaits = Locked(0)
        let retryAwaits = Locked(0)
        init(atHand: Bool) { self.atHand = atHand }

        func suspends(for target: any TargetType) -> Bool { true }

        func adaptAtOnce(_ request: URLRequest, target: any TargetType) throws -> URLRequest? {
            atHand ? Self.marked(request, "at once") : nil
        }

        func retryAtOnce(
            _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
        ) -> RetryDecision? {
            (try? result.get())?.statusCode == 401 ? nil : .doNotRetry
        }

        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            adaptAwaits.withLock { $0 += 1 }
            return Self.marked(request, "awaited")
        }

        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        {
            retryAwaits.withLock { $0 += 1 }
            return .doNotRetry
        }

        private static func marked(_ request: URLRequest, _ how: String) -> URLRequest {
            var request = request
            request.setValue(how, forHTTPHeaderField: "X-Adapted")
            return request
        }
    }

    /// Answers every request with `status`, and remembers what it was sent.
    private struct StatusTransport: HTTPTransport {
        let status: Int
        let sent = Locked<[URLRequest]>([])
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            sent.append(request.urlRequest)
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)
            else { throw URLError(.badServerResponse) }
            return TransportResponse(response: response)
        }
    }

    func test_stepsAnsweredAtOnce_areNotAwaited_andOthersAre() async throws {
        for (atHand, status, adapted, adaptAwaits, retryAwaits) in [
            (true, 200, "at once", 0, 0), (false, 200, "awaited", 1, 0), (true, 401, "at once", 0, 1),
        ] {
            // Given
            let plugin = Stepwise(atHand: atHand)
            let transport = StatusTransport(status: status)
            let provider = Provider<SampleTarget>(transport: transport, plugins: [plugin])

            // When
            _ = await provider.result(SampleTarget())

            // Then
            let name = "at hand: \(atHand), status \(status)"
            XCTAssertEqual(transport.sent.value.map { $0.value(forHTTPHeaderField: "X-Adapted") }, [adapted], name)
            XCTAssertEqual(plugin.adaptAwaits.value, adaptAwaits, name)
            XCTAssertEqual(plugin.retryAwaits.value, retryAwaits, name)
        }
    }

    func test_accessTokenPlugin_withATokenAtHand_runsItsStepsInTheRequestsTask() async throws {
        // Given: a source that notes the task asking for its token at hand, beside a plugin that
        // notes the request's task in willSend
        final class TaskNoting: AccessTokenSource {
            let asked = Locked<[Int]>([])
            func tokenAtHand(for target: any TargetType) -> String? {
                asked.append(withUnsafeCurrentTask { $0?.hashValue } ?? 0)
                return "held"
            }
            func token(for target: sending any TargetType) async throws -> String { "fetched" }
        }
        struct RequestTask: PluginType {
            let seen = Locked<[Int]>([])
            func willSend(_ request: any RequestType, target: any TargetType) {
                seen.append(withUnsafeCurrentTask { $0?.hashValue } ?? 0)
            }
        }
        let source = TaskNoting()
        let requestTask = RequestTask()
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(
            transport: transport, plugins: [AccessTokenPlugin(tokenSource: source), requestTask])

        // When
        _ = try await provider.request(SampleTarget(authorizationType: .bearer))

        // Then: the token was read once, in the request's own task, and sent
        XCTAssertEqual(source.asked.value.count, 1)
        XCTAssertEqual(source.asked.value, requestTask.seen.value)
        XCTAssertEqual(transport.sent.value.map { $0.value(forHTTPHeaderField: "Authorization") }, ["Bearer held"])
    }
}
