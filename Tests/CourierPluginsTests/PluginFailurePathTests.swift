import Courier
import CourierPlugins
import CourierTestSupport
import CourierTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What plugins see when a request ends other than with an answer to its attempt: a body that
/// cannot be prepared, a retry plugin that gives up, a cancellation during a retry's wait. Every
/// outcome the caller gets has been through `process`; every attempt has one pair.
final class PluginFailurePathTests: XCTestCase {
    /// Replaces a `RetryLimitReachedError` failure, to show that `process` saw it.
    private struct GiveUpMarker: SynchronousPlugin {
        func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<
            Response, CourierError
        > {
            guard case .failure(.underlying(let error as RetryLimitReachedError, _)) = result else { return result }
            return .failure(.requestMapping("processed after \(error.attempts) attempts"))
        }
    }

    /// Remembers the requests `willSend` saw.
    private final class SentRequests: SynchronousPlugin {
        let requests = Locked<[URLRequest?]>([])

        func willSend(_ request: any RequestType, target: any TargetType) {
            requests.append(request.request)
        }
    }

    func test_retryPluginGivingUp_itsFailureGoesThroughProcess() async {
        // Given
        let journal = JournalPlugin("p")
        let stubs = Stubs<SampleTarget>().on(where: { _ in true }, .timeout)
        let provider = Provider(
            stubs: stubs,
            plugins: [RetryPlugin(policy: RetryPolicy(maximumAttempts: 2, baseDelay: 0)), GiveUpMarker(), journal])

        // When
        let result = await provider.result(SampleTarget())

        // Then
        guard case .failure(.requestMapping(let text)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(text, "processed after 2 attempts")
        assertOnePairPerAttempt(journal, "failure", attempts: 2)
        XCTAssertEqual(journal.count("process"), 3, "each attempt, then the failure the retry decision gave")
    }

    func test_uploadFileMissing_onePairWithTheRequestAndNoPrepare() async {
        // Given
        let journal = JournalPlugin("p")
        let sent = SentRequests()
        let transport = RecordingTransport()
        let missing = URL(fileURLWithPath: "/nonexistent/courier-upload.bin")
        let provider = Provider<SampleTarget>(transport: transport, plugins: [journal, sent])

        // When
        let result = await provider.result(SampleTarget(method: .post, task: .uploadFile(missing)))

        // Then
        guard case .failure(.underlying(let error, nil)) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(error is TransferError, "\(error)")
        assertOnePairPerAttempt(journal, "failure")
        XCTAssertEqual(journal.count("prepare"), 0)
        XCTAssertEqual(sent.requests.value.map { $0?.url?.path }, ["/items"])
        XCTAssertTrue(transport.sent.value.isEmpty)
    }

    func test_cancelledWhileWaitingToRetry_endsAtOnceAndTheCancellationIsProcessed() async {
        // Given: the server asks for a 30 s wait
        let journal = JournalPlugin("p")
        let stubs = Stubs<SampleTarget>().on(where: { _ in true }, .status(503).withHeaders(["Retry-After": "30"]))
        let deciding = Signal()
        let provider = Provider(
            stubs: stubs, plugins: [RetryDecisionSignalPlugin(signal: deciding), RetryPlugin(), journal])
        let request = Task { await provider.result(SampleTarget()) }
        // A cancel before the retry decision delivers the 503 as it is (nothing to wait for yet);
        // once the plugins are asked, the next thing the request does is wait.
        await deciding.wait()

        // When
        request.cancel()
        let result = await request.value

        // Then
        XCTAssertTrue(result.isCancelled, "\(result)")
        assertOnePairPerAttempt(journal, "success")
        XCTAssertEqual(journal.count("process"), 2, "the attempt, then the cancellation")
    }
}

/// Fires `signal` when asked whether to retry, and leaves the decision to the plugins after it.
struct RetryDecisionSignalPlugin: SynchronousPlugin {
    let signal: Signal

    func retrySynchronously(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) -> RetryDecision {
        signal.fire()
        return .doNotRetry
    }
}
