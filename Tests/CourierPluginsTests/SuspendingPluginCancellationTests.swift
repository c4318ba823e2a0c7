import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `SynchronousPlugin` that says it suspends is awaited in a task of its own: a cancelled request
/// ends at once even while the plugin waits on something that never looks at cancellation (a
/// token refresh every request shares), and what the plugin answers later is dropped.
final class SuspendingPluginCancellationTests: XCTestCase {
    /// Waits on `gate` in `adapt` or `retry` (whichever `step` names), after firing `entered`;
    /// records whether its task was cancelled once the gate let it through.
    private struct GatedPlugin: SynchronousPlugin {
        enum Step { case adapt, retry }
        let step: Step
        let gate: Gate
        let entered = Signal()
        let left = Signal()
        let sawCancellation = Locked<Bool?>(nil)

        func suspends(for target: any TargetType) -> Bool { true }

        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            if step == .adapt { await pass() }
            var request = request
            request.setValue("late", forHTTPHeaderField: "X-Adapted")
            return request
        }

        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        {
            guard step == .retry else { return .doNotRetry }
            await pass()
            return .retry(reason: "gated")
        }

        private func pass() async {
            entered.fire()
            await gate.wait()
            sawCancellation.withLock { $0 = Task.isCancelled }
            left.fire()
        }
    }

    /// Requests `SampleTarget` in a task, cancels it once `plugin` waits at its gate, and returns
    /// the result and whether the gate was still closed when it came. A watchdog opens the gate
    /// after 10 s, so that code that waits for the plugin fails here instead of hanging.
    private func cancelWhileGated(_ plugin: GatedPlugin, _ provider: Provider<SampleTarget>) async -> (
        result: Result<Response, CourierError>, beforeTheGate: Bool
    ) {
        let openedByWatchdog = Locked(false)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            openedByWatchdog.withLock { $0 = true }
            plugin.gate.open()
        }
        defer { watchdog.cancel() }
        let task = Task { await provider.result(SampleTarget()) }
        await plugin.entered.wait()
        task.cancel()
        let result = await task.value
        return (result, !openedByWatchdog.value)
    }

    func test_adaptThatIgnoresCancellation_cancelled_endsAtOnce_sendsNothing_andItsTaskIsCancelled() async {
        // Given: a plugin whose adapt waits on a gate that ignores cancellation
        let journal = JournalPlugin("p")
        let gated = GatedPlugin(step: .adapt, gate: Gate())
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(transport: transport, plugins: [journal, gated])

        // When: the request is cancelled while the adapt waits
        let (result, beforeTheGate) = await cancelWhileGated(gated, provider)

        // Then: it ends cancelled while the gate is still closed, with one pair
        XCTAssertTrue(beforeTheGate, "the request waited for the plugin's adapt")
        XCTAssertTrue(result.isCancelled, "\(result)")
        assertOnePairPerAttempt(journal, "cancelled")

        // And: the adapt's task was cancelled, and what it answers later is not sent
        gated.gate.open()
        await gated.left.wait()
        XCTAssertEqual(gated.sawCancellation.value, true)
        try? await Task.sleep(for: .milliseconds(50))
        XCTAssertTrue(transport.sent.value.isEmpty)
        XCTAssertEqual(journal.count("willSend"), 1)
    }

    func test_retryThatIgnoresCancellation_cancelled_endsAtOnceWithCancelled_throughProcess() async {
        // Given: an immediate stub, and a plugin whose retry waits on a gate
        let journal = JournalPlugin("p")
        let gated = GatedPlugin(step: .retry, gate: Gate())
        let provider = Provider<SampleTarget>(
            stubClosure: Provider.immediatelyStub, plugins: [journal, gated])

        // When: the request is cancelled while the retry decision waits
        let (result, beforeTheGate) = await cancelWhileGated(gated, provider)

        // Then: it ends cancelled at once; the attempt kept its one pair, and every process saw
        // the cancellation
        XCTAssertTrue(beforeTheGate, "the request waited for the plugin's retry")
        XCTAssertTrue(result.isCancelled, "\(result)")
        assertOnePairPerAttempt(journal, "success")
        XCTAssertEqual(journal.count("process"), 2)

        // And: the decision that comes later starts no second attempt
        gated.gate.open()
        await gated.left.wait()
        XCTAssertEqual(gated.sawCancellation.value, true)
        try? await Task.sleep(for: .milliseconds(50))
        XCTAssertEqual(journal.count("willSend"), 1)
    }

    func test_suspendingAdapt_notCancelled_runsWithTheRequestsContextAndIsSent() async throws {
        // Given: a plugin that suspends and reads the request's context in its own task
        struct ContextReader: SynchronousPlugin {
            let seen = Locked<RequestContext?>(nil)
            func suspends(for target: any TargetType) -> Bool { true }
            func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                try await Task.sleep(for: .milliseconds(1))
                seen.withLock { $0 = RequestContext.current }
                var request = request
                request.setValue("yes", forHTTPHeaderField: "X-Adapted")
                return request
            }
        }
        let reader = ContextReader()
        let journal = JournalPlugin("p")
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(transport: transport, plugins: [reader, journal])

        // When
        _ = try await provider.request(SampleTarget())

        // Then: the adapted request went out, and the plugin saw the attempt's context
        XCTAssertEqual(transport.sent.value.first?.value(forHTTPHeaderField: "X-Adapted"), "yes")
        XCTAssertEqual(reader.seen.value?.attempt, 1)
        XCTAssertEqual(reader.seen.value?.id, journal.contexts.value.first??.id)
    }
}
