import Courier
import CourierPlugins
import CourierTestSupport
import CourierTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which plugins let an immediate stub complete before the completion-handler `request` returns:
/// every built-in plugin and CourierTesting's, unless it must wait (a token source for a target
/// that needs a token, a delay on a manual clock).
final class PluginSynchronousRunTests: XCTestCase {
    private struct Envelope: APIEnvelope {
        let code: Int
        var failure: APIEnvelopeError? { code == 0 ? nil : APIEnvelopeError(code: "\(code)") }
    }

    /// Whether `provider` completed `target` before `request` returned; waits for it either way.
    private func completesBeforeReturning(_ provider: Provider<SampleTarget>, _ target: SampleTarget = SampleTarget())
        -> Bool
    {
        let completed = Locked(false)
        let done = expectation(description: "completion")
        provider.request(target) { _ in
            completed.withLock { $0 = true }
            done.fulfill()
        }
        let before = completed.value
        wait(for: [done], timeout: 5)
        return before
    }

    func test_builtInPlugins_immediateStub_completesBeforeReturning() {
        // Given
        let plugins: [any PluginType] = [
            NetworkLoggerPlugin(configuration: .init(output: { _, _ in })),
            AccessTokenPlugin { _ in "token" },
            CredentialsPlugin { _ in nil },
            NetworkActivityPlugin { _, _ in },
            RetryPlugin(),
            APIEnvelopePlugin(Envelope.self),
            RequestRecorder(),
        ]
        let provider = Provider(
            stubs: Stubs<SampleTarget>().on(where: { _ in true }, .json(#"{"code": 0}"#)), plugins: plugins)

        // Then
        XCTAssertTrue(completesBeforeReturning(provider, SampleTarget(authorizationType: .bearer)))
    }

    func test_retryPluginWithoutBackoff_retriesBeforeReturning() {
        // Given
        let stubs = Stubs<SampleTarget>().on(where: { _ in true }, .status(503), .string("ok"))
        let recorder = RequestRecorder()
        let provider = Provider(
            stubs: stubs, plugins: [RetryPlugin(policy: RetryPolicy(baseDelay: 0, jitter: 0)), recorder])

        // Then
        XCTAssertTrue(completesBeforeReturning(provider))
        XCTAssertEqual(recorder.requests.count, 2)
    }

    func test_tokenSource_isAwaitedForTargetsThatNeedAToken() {
        // Given
        let provider = Provider<SampleTarget>(
            stubClosure: Provider.immediatelyStub,
            plugins: [
                AccessTokenPlugin(
                    tokenSource: ClosureAccessTokenSource { _ in
                        try await Task.sleep(for: .milliseconds(200))  // a real fetch suspends
                        return "fetched"
                    })
            ])

        // Then
        XCTAssertFalse(completesBeforeReturning(provider, SampleTarget(authorizationType: .bearer)))
        XCTAssertTrue(completesBeforeReturning(provider, SampleTarget(authorizationType: nil)))
    }

    func test_tokenStoreWithATokenAtHand_completesBeforeReturningWhereTasksStartInTheirCaller() {
        // Given: the store's token is at hand; the plugin's adapt and retry are still awaited,
        // each in a task that starts in the request's (with Task.immediate where the toolchain and
        // OS have it), and neither suspends
        let store = AccessTokenStore(token: "held") { _ in "refreshed" }
        let recorder = RequestRecorder()
        let provider = Provider<SampleTarget>(
            stubClosure: Provider.immediatelyStub, plugins: [AccessTokenPlugin(tokenSource: store), recorder])

        // When
        let before = completesBeforeReturning(provider, SampleTarget(authorizationType: .bearer))

        // Then
        #if compiler(>=6.2) && os(Linux)
            XCTAssertTrue(before)
        #endif
        XCTAssertEqual(
            recorder.requests.map { $0.urlRequest.value(forHTTPHeaderField: "Authorization") }, ["Bearer held"])
    }

    func test_manualClock_undelayedAnswerCompletesBeforeReturning_delayedOneWaits() async {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<SampleTarget>(delays: .manual(clock))
            .on(where: { $0.path == "/now" }, .string("now"))
            .on(where: { $0.path == "/later" }, .string("later").delayed(seconds: 1))
        let provider = Provider(stubs: stubs)
        let onAQueue = Provider(stubs: stubs, callbackQueue: .global())
        let outcomes = Locked<[String]>([])
        let later = expectation(description: "later")

        // When
        provider.request(SampleTarget(path: "/now")) { result in outcomes.append((try? result.get().mapString()) ?? "")
        }
        let afterNow = outcomes.value
        onAQueue.request(SampleTarget(path: "/later")) { result in
            outcomes.append((try? result.get().mapString()) ?? "")
            later.fulfill()
        }
        let afterLater = outcomes.value
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await fulfillment(of: [later], timeout: 5)

        // Then
        XCTAssertEqual(afterNow, ["now"])
        XCTAssertEqual(afterLater, ["now"])
        XCTAssertEqual(outcomes.value, ["now", "later"])
    }
}
