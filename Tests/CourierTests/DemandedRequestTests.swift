import XCTest

@testable import Courier

/// The rules of the request behind `requestPublisher` (Combine is not on Linux; its publisher and
/// subscription only hand `demand()`, `cancel()` and the deliveries over to this type).
final class DemandedRequestTests: XCTestCase {
    /// A request whose answer the test gives: records what was started, cancelled and delivered.
    private final class Harness: @unchecked Sendable {
        var starts = 0
        var cancels = 0
        var values: [Int] = []
        var ends: [String] = []
        var send: ((Int) -> Void)?
        var end: ((CourierError?) -> Void)?
        /// What `start` does before it returns, with the sinks it got.
        var duringStart: ((Harness) -> Void)?

        lazy var request = DemandedRequest<Int>(
            start: { [unowned self] send, end in
                starts += 1
                self.send = send
                self.end = end
                duringStart?(self)
                return CancellableToken { [unowned self] in cancels += 1 }
            },
            receive: { [unowned self] in values.append($0) },
            complete: { [unowned self] in ends.append($0.map { "\($0.errorCode)" } ?? "finished") })
    }

    func test_nothingIsSent_untilTheFirstDemand_andLaterDemandsSendNothingMore() {
        // Given
        let harness = Harness()
        XCTAssertEqual(harness.starts, 0)

        // When
        harness.request.demand()
        harness.request.demand()

        // Then
        XCTAssertEqual(harness.starts, 1)
    }

    func test_valuesThenTheEnd_areDelivered_andNothingAfterTheEnd() {
        // Given
        let harness = Harness()
        harness.request.demand()

        // When
        harness.send?(1)
        harness.send?(2)
        harness.end?(nil)
        harness.send?(3)
        harness.end?(.statusCode(Response(statusCode: 500, data: Data())))

        // Then
        XCTAssertEqual(harness.values, [1, 2])
        XCTAssertEqual(harness.ends, ["finished"])
    }

    func test_aFailure_endsWithTheError() {
        let harness = Harness()
        harness.request.demand()
        harness.end?(.statusCode(Response(statusCode: 500, data: Data())))
        XCTAssertEqual(harness.ends, ["5"])
    }

    func test_anAnswerGivenWhileStarting_isDelivered_andTheRequestIsNotCancelled() {
        // Given: an immediate stub answers inside `start`
        let harness = Harness()
        harness.duringStart = { harness in
            harness.send?(7)
            harness.end?(nil)
        }

        // When
        harness.request.demand()
        harness.request.cancel()

        // Then
        XCTAssertEqual(harness.values, [7])
        XCTAssertEqual(harness.ends, ["finished"])
        XCTAssertEqual(harness.cancels, 0)
    }

    func test_cancel_cancelsTheSentRequest_andDeliversNothingMore() {
        // Given
        let harness = Harness()
        harness.request.demand()

        // When: the cancelled request still ends (with a cancellation), as a provider's does
        harness.request.cancel()
        harness.send?(1)
        harness.end?(.cancelled)
        harness.request.cancel()

        // Then
        XCTAssertEqual(harness.cancels, 1)
        XCTAssertEqual(harness.values, [])
        XCTAssertEqual(harness.ends, [])
    }

    func test_cancelBeforeAnyDemand_sendsNothing_ever() {
        let harness = Harness()
        harness.request.cancel()
        harness.request.demand()
        XCTAssertEqual(harness.starts, 0)
        XCTAssertEqual(harness.ends, [])
    }

    func test_cancelWhileStarting_cancelsTheRequestOnceItIsSent() {
        // Given: the subscriber cancels from inside the start (another thread would do it the same way)
        let harness = Harness()
        harness.duringStart = { harness in harness.request.cancel() }

        // When
        harness.request.demand()
        harness.end?(.cancelled)

        // Then
        XCTAssertEqual(harness.cancels, 1)
        XCTAssertEqual(harness.ends, [])
    }

    func test_theEndAndACancel_releaseTheSubscriber() {
        // Given: a subscriber that holds its request, as a Combine sink holds its subscription
        final class Subscriber {
            var request: DemandedRequest<Int>?
        }
        weak var ended: Subscriber?
        weak var cancelled: Subscriber?
        do {
            let first = Subscriber()
            first.request = DemandedRequest(
                start: { _, end in
                    end(nil)
                    return CancellableToken {}
                }, receive: { _ in _ = first }, complete: { _ in _ = first })
            first.request?.demand()
            ended = first
            let second = Subscriber()
            second.request = DemandedRequest(
                start: { _, _ in CancellableToken {} }, receive: { _ in _ = second }, complete: { _ in _ = second })
            second.request?.demand()
            second.request?.cancel()
            cancelled = second
        }

        // Then
        XCTAssertNil(ended)
        XCTAssertNil(cancelled)
    }
}
