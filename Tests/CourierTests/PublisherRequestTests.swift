import CourierTestSupport
import Foundation
import XCTest

@testable import Courier

/// What `requestPublisher` and `requestWithProgressPublisher` do against a real provider: the
/// requests they send and what they deliver, through the same ``DemandedRequest`` their Combine
/// subscription uses (Combine itself is not on Linux).
final class PublisherRequestTests: XCTestCase {
    /// Counts the requests a provider sends.
    private final class SendCounter: SynchronousPlugin, Sendable {
        let sent = Locked(0)
        func willSend(_ request: any RequestType, target: any TargetType) { sent.withLock { $0 += 1 } }
    }

    /// Answers only when cancelled, and says whether it was.
    private final class HangingTransport: HTTPTransport {
        let cancelled = Locked(false)

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                cancelled.withLock { $0 = true }
                throw URLError(.cancelled)
            }
            throw URLError(.timedOut)
        }
    }

    /// What a subscriber got.
    private final class Received<Value: Sendable>: Sendable {
        let values = Locked<[Value]>([])
        let ends = Locked<[CourierError?]>([])
    }

    private static let queueKey = DispatchSpecificKey<String>()

    private func subscribe<Value: Sendable>(_ start: @escaping DemandedRequest<Value>.Start)
        -> (DemandedRequest<Value>, Received<Value>)
    {
        let received = Received<Value>()
        let request = DemandedRequest<Value>(
            start: start,
            receive: { value in received.values.withLock { $0.append(value) } },
            complete: { error in received.ends.withLock { $0.append(error) } })
        return (request, received)
    }

    func test_anImmediateStub_publishesItsResponseAndFinishes_beforeTheDemandReturns() {
        // Given: CombineMoya's test shape, which asserts right after `sink`
        let counter = SendCounter()
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [counter])
        let (request, received) = subscribe(provider.responseStart(.zen, callbackQueue: nil))
        XCTAssertEqual(counter.sent.value, 0, "nothing is sent before a subscriber asks")

        // When
        request.demand()

        // Then
        XCTAssertEqual(counter.sent.value, 1)
        XCTAssertEqual(received.values.value.map(\.data), [GitHub.zen.sampleData])
        XCTAssertEqual(received.ends.value.count, 1)
        XCTAssertNil(received.ends.value.first ?? nil)
    }

    func test_aFailure_endsWithTheProvidersError_andPublishesNoValue() {
        // Given: a 404 the target's validation refuses
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://api.github.com/zen", sampleResponseClosure: { .networkResponse(404, Data()) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            },
            stubClosure: Provider.immediatelyStub)
        let (request, received) = subscribe(provider.responseStart(.zen, callbackQueue: nil))

        // When
        request.demand()

        // Then
        XCTAssertEqual(received.values.value.count, 0)
        guard case .statusCode(let response)?? = received.ends.value.first else {
            return XCTFail("got \(received.ends.value)")
        }
        XCTAssertEqual(response.statusCode, 404)
    }

    func test_withACallbackQueue_theResponseAndTheEndArriveOnIt_afterTheDemandReturned() {
        // Given
        let queue = DispatchQueue(label: "publisher-callbacks")
        queue.setSpecific(key: Self.queueKey, value: "publisher-callbacks")
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let demandReturned = Locked(false)
        let seen = Locked<[String]>([])
        let ended = expectation(description: "ended")
        let request = DemandedRequest<Response>(
            start: provider.responseStart(.zen, callbackQueue: queue),
            receive: { _ in
                let place = DispatchQueue.getSpecific(key: Self.queueKey) ?? "elsewhere"
                seen.withLock { $0.append("value on \(place), after the demand: \(demandReturned.value)") }
            },
            complete: { error in
                seen.withLock { $0.append("end \(error == nil ? "finished" : "failed")") }
                ended.fulfill()
            })

        // When: demanded on the queue itself, as a subscriber on it would
        queue.sync {
            request.demand()
            demandReturned.withLock { $0 = true }
        }

        // Then
        wait(for: [ended], timeout: 10)
        XCTAssertEqual(seen.value, ["value on publisher-callbacks, after the demand: true", "end finished"])
    }

    func test_progress_publishesEveryEvent_theLastWithTheResponse_thenFinishes() {
        // Given
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let (request, received) = subscribe(provider.progressStart(.zen, callbackQueue: nil))

        // When
        request.demand()

        // Then
        let events = received.values.value
        XCTAssertFalse(events.isEmpty)
        XCTAssertEqual(events.last?.response?.data, GitHub.zen.sampleData)
        XCTAssertEqual(events.filter(\.completed).count, 1)
        XCTAssertEqual(received.ends.value.count, 1)
        XCTAssertNil(received.ends.value.first ?? nil)
    }

    func test_cancellingTheSubscription_cancelsTheRequestInFlight_andPublishesNothing() {
        // Given
        let transport = HangingTransport()
        let provider = Provider<GitHub>(transport: transport)
        let (request, received) = subscribe(provider.responseStart(.zen, callbackQueue: nil))
        request.demand()

        // When
        request.cancel()

        // Then: the transport sees the cancellation long before its 30 s, and nothing is published
        let deadline = Date().addingTimeInterval(10)
        while !transport.cancelled.value, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertTrue(transport.cancelled.value)
        Thread.sleep(forTimeInterval: 0.1)
        XCTAssertEqual(received.values.value.count, 0)
        XCTAssertEqual(received.ends.value.count, 0)
    }
}
