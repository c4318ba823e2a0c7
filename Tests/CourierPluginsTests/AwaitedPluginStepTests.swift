import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every `adapt` and `retry` a provider awaits (a plain `PluginType`'s own, a `SynchronousPlugin`'s
/// that says it suspends) runs in a task of its own: a cancelled request ends at once even while
/// the plugin waits on something that never looks at cancellation (a token refresh every request
/// shares), and what the plugin answers later is dropped: on a provider's first request, when it
/// learns whether a plain plugin's steps are its own, as on the later ones. A plain plugin's default
/// steps are not awaited once the provider knows them for defaults, and a plugin's own step always
/// runs.
final class AwaitedPluginStepTests: XCTestCase {
    /// Once armed, waits on `gate` in `adapt` or `retry` (whichever `step` names), after firing
    /// `entered`, and records whether its task was cancelled once the gate let it through.
    /// Unarmed, it answers at once.
    private struct GatedStep: Sendable {
        enum Step { case adapt, retry }
        let step: Step
        let gate = Gate()
        let entered = Signal()
        let left = Signal()
        let sawCancellation = Locked<Bool?>(nil)
        let isArmed = Locked(false)

        func adapt(_ request: URLRequest) async -> URLRequest {
            if step == .adapt, isArmed.value { await pass() }
            var request = request
            request.setValue("late", forHTTPHeaderField: "X-Adapted")
            return request
        }

        func retry() async -> RetryDecision {
            guard step == .retry, isArmed.value else { return .doNotRetry }
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

    /// A plain plugin with both steps of its own.
    private struct PlainGated: PluginType {
        let gated: GatedStep
        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            await gated.adapt(request)
        }
        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        { await gated.retry() }
    }

    /// A synchronous plugin that says it suspends, so that its asynchronous steps are awaited.
    private struct SuspendingGated: SynchronousPlugin {
        let gated: GatedStep
        func suspends(for target: any TargetType) -> Bool { true }
        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            await gated.adapt(request)
        }
        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        { await gated.retry() }
    }

    /// Both kinds of plugin waiting in `step`, each with its gate, each cancelled on a provider's
    /// first request (`earlier` 0) and on a later one (`earlier` 1).
    private func plugins(_ step: GatedStep.Step) -> [(
        name: String, plugin: any PluginType, gated: GatedStep, earlier: Int
    )] {
        [0, 1].flatMap { earlier in
            let plain = GatedStep(step: step)
            let suspending = GatedStep(step: step)
            let request = earlier == 0 ? "first request" : "later request"
            return [
                ("PluginType, \(request)", PlainGated(gated: plain) as any PluginType, plain, earlier),
                ("SynchronousPlugin, \(request)", SuspendingGated(gated: suspending), suspending, earlier),
            ]
        }
    }

    /// Requests `SampleTarget` `earlier` times, then again in a task with the gate armed, cancels
    /// it once `gated` waits at its gate, and returns the result and whether the gate was still
    /// closed when it came. A watchdog opens the gate after 10 s, so that code that waits for the
    /// plugin fails here instead of hanging.
    private func cancelWhileGated(_ gated: GatedStep, _ provider: Provider<SampleTarget>, earlier: Int) async -> (
        result: Result<Response, CourierError>, beforeTheGate: Bool
    ) {
        for _ in 0..<earlier { _ = await provider.result(SampleTarget()) }
        gated.isArmed.withLock { $0 = true }
        let openedByWatchdog = Locked(false)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            openedByWatchdog.withLock { $0 = true }
            gated.gate.open()
        }
        defer { watchdog.cancel() }
        let task = Task { await provider.result(SampleTarget()) }
        await gated.entered.wait()
        task.cancel()
        let result = await task.value
        return (result, !openedByWatchdog.value)
    }

    /// Opens the gate of a step whose request was cancelled, checks that the step's task saw the
    /// cancellation, and leaves room for a wrong late effect of its answer to show.
    private func letThrough(_ gated: GatedStep, _ name: String) async {
        gated.gate.open()
        await gated.left.wait()
        XCTAssertEqual(gated.sawCancellation.value, true, name)
        try? await Task.sleep(for: .milliseconds(50))
    }

    func test_adaptThatIgnoresCancellation_cancelled_endsAtOnce_sendsNothing_andItsTaskIsCancelled() async {
        for (name, plugin, gated, earlier) in plugins(.adapt) {
            // Given: a plugin whose adapt waits on a gate that ignores cancellation
            let journal = JournalPlugin("p")
            let transport = RecordingTransport()
            let provider = Provider<SampleTarget>(transport: transport, plugins: [journal, plugin])

            // When: the request is cancelled while the adapt waits
            let (result, beforeTheGate) = await cancelWhileGated(gated, provider, earlier: earlier)

            // Then: it ends cancelled while the gate is still closed, with one pair
            XCTAssertTrue(beforeTheGate, "\(name): the request waited for the plugin's adapt")
            XCTAssertTrue(result.isCancelled, "\(name): \(result)")
            XCTAssertEqual(journal.count("willSend"), earlier + 1, name)
            XCTAssertEqual(journal.count("didReceive(cancelled)"), 1, name)

            // And: the adapt's task was cancelled, and what it answers later is not sent
            await letThrough(gated, name)
            XCTAssertEqual(transport.sent.value.count, earlier, "\(name): only the earlier requests went out")
            XCTAssertEqual(journal.count("willSend"), earlier + 1, name)
        }
    }

    func test_retryThatIgnoresCancellation_cancelled_endsAtOnceWithCancelled_throughProcess() async {
        for (name, plugin, gated, earlier) in plugins(.retry) {
            // Given: an immediate stub, and a plugin whose retry waits on a gate
            let journal = JournalPlugin("p")
            let provider = Provider<SampleTarget>(stubClosure: Provider.immediatelyStub, plugins: [journal, plugin])

            // When: the request is cancelled while the retry decision waits
            let (result, beforeTheGate) = await cancelWhileGated(gated, provider, earlier: earlier)

            // Then: it ends cancelled at once; the attempt kept its one pair, and every process
            // saw the cancellation (an earlier request's attempt had one pair and one process)
            XCTAssertTrue(beforeTheGate, "\(name): the request waited for the plugin's retry")
            XCTAssertTrue(result.isCancelled, "\(name): \(result)")
            XCTAssertEqual(journal.count("willSend"), earlier + 1, name)
            XCTAssertEqual(journal.count("didReceive(success)"), earlier + 1, name)
            XCTAssertEqual(journal.count("process"), earlier + 2, name)

            // And: the decision that comes later starts no second attempt
            await letThrough(gated, name)
            XCTAssertEqual(journal.count("willSend"), earlier + 1, name)
        }
    }

    func test_awaitedAdapt_notCancelled_runsWithTheRequestsContext_andWhatItReturnsIsSent() async throws {
        // Given: plugins that suspend in adapt and read the request's context in their own task
        struct ContextReader: PluginType {
            let seen = Locked<[RequestContext?]>([])
            func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                try await Task.sleep(for: .milliseconds(1))
                seen.append(RequestContext.current)
                var request = request
                request.setValue("yes", forHTTPHeaderField: "X-Adapted")
                return request
            }
        }
        let reader = ContextReader()
        let journal = JournalPlugin("p")
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(transport: transport, plugins: [reader, journal])

        // When: two requests, the first of which learns that the adapt is the plugin's own
        _ = try await provider.request(SampleTarget())
        _ = try await provider.request(SampleTarget())

        // Then: the adapted requests went out, and the plugin saw each attempt's context
        XCTAssertEqual(transport.sent.value.map { $0.value(forHTTPHeaderField: "X-Adapted") }, ["yes", "yes"])
        XCTAssertEqual(reader.seen.value.map { $0?.attempt }, [1, 1])
        XCTAssertEqual(reader.seen.value.count, 2)
        XCTAssertEqual(Set(reader.seen.value.compactMap { $0?.id }).count, 2)
    }

    func test_pluginWhoseOwnStepsCallAnotherPluginsDefaults_isAwaitedOnEveryRequest() async throws {
        // Given: a plugin that wraps one without steps of its own and counts its own steps
        struct Bare: PluginType {}
        struct Wrapper: PluginType {
            let inner = Bare()
            let adapts = Locked(0)
            let retries = Locked(0)
            func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                adapts.withLock { $0 += 1 }
                return try await inner.adapt(request, target: target)
            }
            func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
                -> RetryDecision
            {
                retries.withLock { $0 += 1 }
                return await inner.retry(result, target: target, context: context)
            }
        }
        let wrapper = Wrapper()
        let provider = Provider<SampleTarget>(stubClosure: Provider.immediatelyStub, plugins: [Bare(), wrapper])

        // When
        for _ in 0..<3 { _ = try await provider.request(SampleTarget()) }

        // Then: the inner default ran inside the wrapper's own steps, which still ran every time
        XCTAssertEqual(wrapper.adapts.value, 3)
        XCTAssertEqual(wrapper.retries.value, 3)
    }
}
