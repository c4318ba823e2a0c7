import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain's guarantees for cancelled requests, whenever the cancel arrives: during a delayed
/// stub, a slow async `adapt`, a slow `requestClosure`, or a transfer over the network. The caller
/// gets one completion and every plugin one `willSend` and one `didReceive`.
final class PluginChainCancellationTests: XCTestCase {
    /// Waits in `adapt` until cancelled, after firing `entered`.
    private struct SlowAdaptPlugin: PluginType {
        let entered: Signal

        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            entered.fire()
            try await Task.sleep(for: .seconds(600))
            return request
        }
    }

    func test_delayedStub_cancelledWithToken_onePairAndOneCompletion() async {
        // Given
        let plugin = JournalPlugin("p")
        let sending = Signal()
        let provider = Provider<SampleTarget>(
            stubClosure: Provider.delayedStub(600), plugins: [plugin, WillSendSignalPlugin(signal: sending)])
        let completions = Locked(0)

        // When
        let result = await withCheckedContinuation { continuation in
            let token = provider.request(SampleTarget(), callbackQueue: .global()) { result in
                completions.withLock { $0 += 1 }
                continuation.resume(returning: result)
            }
            Task {
                await sending.wait()
                token.cancel()
            }
        }

        // Then
        XCTAssertTrue(result.isCancelled)
        XCTAssertEqual(completions.value, 1)
        assertOnePairPerAttempt(plugin, "cancelled")
    }

    func test_slowAsyncAdapt_cancelled_onePairAndNothingSent() async {
        // Given
        let plugin = JournalPlugin("p")
        let adapting = Signal()
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(
            transport: transport, plugins: [plugin, SlowAdaptPlugin(entered: adapting)])

        // When
        let task = Task { await provider.result(SampleTarget()) }
        await adapting.wait()
        task.cancel()
        let result = await task.value

        // Then
        XCTAssertTrue(result.isCancelled)
        XCTAssertTrue(transport.sent.value.isEmpty)
        assertOnePairPerAttempt(plugin, "cancelled")
    }

    func test_slowRequestClosure_cancelled_onePairEvenWhenItAnswersLater() async {
        // Given
        let plugin = JournalPlugin("p")
        let asked = Signal()
        let pending = Locked<Provider<SampleTarget>.RequestResultClosure?>(nil)
        let provider = Provider<SampleTarget>(
            requestClosure: { endpoint, done in
                pending.withLock { $0 = done }
                asked.fire()
            },
            stubClosure: Provider.immediatelyStub, plugins: [plugin])

        // When
        let task = Task { await provider.result(SampleTarget()) }
        await asked.wait()
        task.cancel()
        let result = await task.value
        pending.value?(.success(URLRequest(url: URL(string: "https://late.test")!)))

        // Then
        XCTAssertTrue(result.isCancelled)
        assertOnePairPerAttempt(plugin, "cancelled")
        XCTAssertEqual(plugin.count("prepare"), 0)
    }

    func test_networkDelay_cancelledWithToken_onePairAndOneCompletion() async throws {
        // Given
        let plugin = JournalPlugin("p")
        let sending = Signal()
        let provider = Provider<HTTPBinTarget>(plugins: [plugin, WillSendSignalPlugin(signal: sending)])
        let target = HTTPBinTarget(try HTTPBin.baseURL(), "/delay/5")
        let completions = Locked(0)

        // When
        let result = await withCheckedContinuation { continuation in
            let token = provider.request(target, callbackQueue: .global()) { result in
                completions.withLock { $0 += 1 }
                continuation.resume(returning: result)
            }
            Task {
                await sending.wait()
                token.cancel()
            }
        }

        // Then
        XCTAssertTrue(result.isCancelled, "\(result)")
        XCTAssertEqual(completions.value, 1)
        assertOnePairPerAttempt(plugin, "cancelled")
    }
}
