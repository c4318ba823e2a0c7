import Courier
import CourierTestSupport
import XCTest

/// Where completion handlers run, as Moya's specs pin it.
final class ProviderCallbackQueueTests: XCTestCase {
    private static let labelKey = DispatchSpecificKey<String>()

    private func queue(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.labelKey, value: label)
        return queue
    }

    private func label(forRequestOn provider: Provider<GitHub>, callbackQueue: DispatchQueue? = nil) -> String? {
        let done = expectation(description: "completion")
        let label = Locked<String?>(nil)
        provider.request(.zen, callbackQueue: callbackQueue) { _ in
            label.withLock {
                $0 = DispatchQueue.getSpecific(key: Self.labelKey) ?? (Thread.isMainThread ? "main" : "other")
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        return label.value
    }

    func test_requestQueue_winsOverProviderQueue() {
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(0.01), callbackQueue: queue("provider"))
        XCTAssertEqual(label(forRequestOn: provider, callbackQueue: queue("request")), "request")
    }

    func test_providerQueue_isUsedWhenTheRequestNamesNone() {
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, callbackQueue: queue("provider"))
        XCTAssertEqual(label(forRequestOn: provider), "provider")
    }

    func test_noQueue_delayedStubCompletesOnMain() {
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(0.01))
        XCTAssertEqual(label(forRequestOn: provider), "main")
    }

    func test_immediateStubWithAQueue_isAsynchronous() {
        // Given: the callback queue is held shut until the check is done
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let callbackQueue = queue("q")
        let gate = DispatchSemaphore(value: 0)
        callbackQueue.async { gate.wait() }
        let calledInline = Locked(false)
        let done = expectation(description: "completion")
        // When
        provider.request(.zen, callbackQueue: callbackQueue) { _ in
            calledInline.withLock { $0 = true }
            done.fulfill()
        }
        let wasCalledBeforeReturn = calledInline.value
        gate.signal()
        wait(for: [done], timeout: 5)
        // Then
        XCTAssertFalse(wasCalledBeforeReturn)
    }

    func test_immediateStubWithoutQueue_runsThePluginsAndCompletionBeforeReturning() {
        let events = Locked<[String]>([])
        struct Watch: SynchronousPlugin {
            let events: Locked<[String]>
            func willSend(_ request: any RequestType, target: any TargetType) { events.append("willSend") }
            func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
                events.append("didReceive")
            }
        }
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [Watch(events: events)])
        provider.request(.zen) { _ in events.append("completion") }
        XCTAssertEqual(events.value, ["willSend", "didReceive", "completion"])
    }

    func test_immediateStubWithAPluginThatSuspends_completesOnMainAfterReturning() {
        // Given: a plugin that is not a SynchronousPlugin, and does suspend in adapt
        struct MaySuspend: PluginType {
            func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                try await Task.sleep(for: .milliseconds(200))
                return request
            }
        }
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [MaySuspend()])
        let onMain = Locked<Bool?>(nil)
        let done = expectation(description: "completion")

        // When
        provider.request(.zen) { _ in
            onMain.withLock { $0 = Thread.isMainThread }
            done.fulfill()
        }
        let completedBeforeReturn = onMain.value != nil
        wait(for: [done], timeout: 5)

        // Then
        XCTAssertFalse(completedBeforeReturn)
        XCTAssertEqual(onMain.value, true)
    }
}
