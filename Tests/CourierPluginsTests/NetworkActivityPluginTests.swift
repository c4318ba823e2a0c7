import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// NetworkActivityPlugin: `.began` and `.ended` once per attempt, whatever the outcome.
final class NetworkActivityPluginTests: XCTestCase {
    /// Records changes and keeps a counter that must return to zero.
    private final class ActivityRecorder: Sendable {
        let changes = Locked<[NetworkActivityChangeType]>([])
        let active = Locked(0)

        var plugin: NetworkActivityPlugin {
            NetworkActivityPlugin { change, _ in
                self.changes.append(change)
                self.active.withLock { $0 += change == .began ? 1 : -1 }
            }
        }
    }

    func test_immediateStub_beganThenEndedOnceWithTheTarget() {
        // Given
        let targets = Locked<[String]>([])
        let plugin = NetworkActivityPlugin { change, target in
            targets.append("\(change):\(target as? GitHub == .zen)")
        }
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [plugin])

        // When
        provider.request(.zen) { _ in }

        // Then
        XCTAssertEqual(targets.value, ["began:true", "ended:true"])
    }

    func test_failingStub_reportsEnded() async {
        // Given
        let recorder = ActivityRecorder()
        let provider = Provider<SampleTarget>(
            endpointClosure: { target in
                Endpoint(
                    url: target.baseURL.absoluteString, sampleResponseClosure: { .networkError(URLError(.timedOut)) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            },
            stubClosure: Provider.immediatelyStub, plugins: [recorder.plugin])

        // When
        _ = await provider.result(SampleTarget())

        // Then
        XCTAssertEqual(recorder.changes.value, [.began, .ended])
    }

    func test_requestClosureFailure_stillReportsBeganAndEnded() async {
        // Given
        let recorder = ActivityRecorder()
        let provider = Provider<SampleTarget>(
            requestClosure: { _, done in done(.failure(.requestMapping("bad"))) },
            stubClosure: Provider.immediatelyStub, plugins: [recorder.plugin])

        // When
        _ = await provider.result(SampleTarget())

        // Then
        XCTAssertEqual(recorder.changes.value, [.began, .ended])
    }

    func test_delayedStubCancelled_reportsEndedAndCounterReturnsToZero() async {
        // Given
        let recorder = ActivityRecorder()
        let sending = Signal()
        let provider = Provider<SampleTarget>(
            stubClosure: Provider.delayedStub(60), plugins: [recorder.plugin, WillSendSignalPlugin(signal: sending)])

        // When
        let task = Task { await provider.result(SampleTarget()) }
        await sending.wait()
        task.cancel()
        let result = await task.value

        // Then
        XCTAssertTrue(result.isCancelled)
        XCTAssertEqual(recorder.changes.value, [.began, .ended])
        XCTAssertEqual(recorder.active.value, 0)
    }
}
