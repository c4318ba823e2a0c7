import Courier
import CourierTestSupport
import XCTest

/// Whenever a cancel arrives, the caller gets exactly one failing completion and every plugin
/// exactly one willSend/didReceive pair.
final class ProviderCancellationTests: XCTestCase {
    private struct Counting: PluginType {
        let events: Locked<[String]>
        func willSend(_ request: any RequestType, target: any TargetType) { events.append("willSend") }
        func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
            events.append((try? result.get()) == nil ? "didReceive failure" : "didReceive success")
        }
    }

    private struct SlowAdapt: PluginType {
        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            try await Task.sleep(for: .seconds(30))
            return request
        }
    }

    private func cancelRightAway(_ provider: Provider<GitHub>, after delay: TimeInterval = 0) -> [Result<
        Response, CourierError
    >] {
        let outcomes = Locked<[Result<Response, CourierError>]>([])
        let done = expectation(description: "completion")
        let token = provider.request(.zen, callbackQueue: .global()) { result in
            outcomes.append(result)
            done.fulfill()
        }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        token.cancel()
        token.cancel()
        wait(for: [done], timeout: 5)
        Thread.sleep(forTimeInterval: 0.05)  // room for a wrong second completion to show up
        XCTAssertTrue(token.isCancelled)
        return outcomes.value
    }

    private func assertOneCancellation(
        _ outcomes: [Result<Response, CourierError>], _ events: [String], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(outcomes.count, 1, file: file, line: line)
        guard case .failure(let error) = outcomes.first else { return XCTFail("not a failure", file: file, line: line) }
        XCTAssertTrue(error.isCancelled, "\(error)", file: file, line: line)
        XCTAssertEqual((error.underlyingError as NSError?)?.code, NSURLErrorCancelled, file: file, line: line)
        XCTAssertEqual(events, ["willSend", "didReceive failure"], file: file, line: line)
    }

    func test_delayedStub_cancelledBeforeDelay_failsWithCancellation() {
        let events = Locked<[String]>([])
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(30), plugins: [Counting(events: events)])
        assertOneCancellation(cancelRightAway(provider), events.value)
    }

    func test_slowRequestClosure_cancelledBeforeItAnswers_failsWithCancellation() {
        let events = Locked<[String]>([])
        let provider = Provider<GitHub>(
            requestClosure: { endpoint, done in
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
                    Provider<GitHub>.defaultRequestMapping(for: endpoint, closure: done)
                }
            },
            stubClosure: Provider.immediatelyStub, plugins: [Counting(events: events)])
        assertOneCancellation(cancelRightAway(provider, after: 0.05), events.value)
        Thread.sleep(forTimeInterval: 0.4)  // the late answer must not produce another completion
        XCTAssertEqual(events.value, ["willSend", "didReceive failure"])
    }

    func test_asyncRequestClosureThatIgnoresCancellation_cancelled_failsWithCancellationAtOnce() {
        // Given: a request closure that waits for a gate and never looks at cancellation
        let gate = Gate()
        defer { gate.open() }
        let events = Locked<[String]>([])
        let provider = Provider<GitHub>(
            requestClosure: { endpoint async throws(CourierError) in
                await gate.wait()
                return try endpoint.urlRequest()
            },
            stubClosure: Provider.immediatelyStub, plugins: [Counting(events: events)])

        // When / Then: one cancelled completion while the closure still waits
        assertOneCancellation(cancelRightAway(provider, after: 0.05), events.value)
    }

    func test_slowAsyncAdapt_cancelledWhileAdapting_failsWithCancellation() {
        let events = Locked<[String]>([])
        let provider = Provider<GitHub>(
            stubClosure: Provider.immediatelyStub, plugins: [SlowAdapt(), Counting(events: events)])
        assertOneCancellation(cancelRightAway(provider, after: 0.05), events.value)
    }

    func test_cancellingTheSwiftTask_cancelsTheRequest() async {
        let events = Locked<[String]>([])
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(30), plugins: [Counting(events: events)])
        let task = Task { try await provider.request(.zen) }
        try? await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let result = await task.result
        guard case .failure(let error as CourierError) = result else { return XCTFail("got \(result)") }
        XCTAssertTrue(error.isCancelled)
        XCTAssertEqual(events.value, ["willSend", "didReceive failure"])
    }

    func test_alreadyCancelledTask_failsWithoutSending() async {
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await provider.request(.zen)
        }
        let result = await task.result
        guard case .failure(let error as CourierError) = result else { return XCTFail("got \(result)") }
        XCTAssertTrue(error.isCancelled)
    }

    func test_cancellingAfterCompletion_changesNothing() {
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let outcomes = Locked<Int>(0)
        let token = provider.request(.zen) { _ in outcomes.withLock { $0 += 1 } }
        token.cancel()
        XCTAssertEqual(outcomes.value, 1)
    }
}
