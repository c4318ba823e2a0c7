import CourierTestSupport
import Dispatch
import Foundation
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// When completions and progress run relative to the `request` call and to each other, for the
/// cases Moya's rules decide: a real exchange never completes inside the call, nothing follows the
/// completion, and a request cancelled before it started sends nothing.
final class CompletionTimingTests: XCTestCase {
    /// Answers from another thread, as a real transport does, counting what it was sent.
    private struct OtherThreadTransport: HTTPTransport {
        let sent = Locked(0)
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            sent.withLock { $0 += 1 }
            let url = try XCTUnwrap(request.urlRequest.url)
            let head = try XCTUnwrap(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: [:]))
            return await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: TransportResponse(response: head, data: Data("ok".utf8)))
                }
            }
        }
    }

    /// Reports progress from its own thread for a while, even after it was cancelled, as a
    /// URLSession task winding down does; answers only by being cancelled.
    private struct LingeringTransport: HTTPTransport {
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let report = request.progress
            Thread.detachNewThread {
                for sent in 1...100 {
                    report?(TransferProgress(direction: .download, completedBytes: Int64(sent), totalBytes: 1_000))
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            try await Task.sleep(for: .seconds(30))
            throw URLError(.timedOut)
        }
    }

    func test_requestThatSuspends_fromCodeWithNoActorOrQueue_neverCompletesInsideTheCall() async {
        // Given
        let provider = Provider<GitHub>(transport: OtherThreadTransport())
        let count = 400
        let offMain = Locked(0)
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = count

        // When
        DispatchQueue.global().async {
            for _ in 0..<count {
                provider.request(.zen) { _ in
                    // Inside the call, the completion would run on this loop's thread.
                    if !Thread.isMainThread { offMain.withLock { $0 += 1 } }
                    done.fulfill()
                }
            }
        }
        await fulfillment(of: [done], timeout: 30)

        // Then
        XCTAssertEqual(offMain.value, 0, "completions that ran inside the call, off the main queue")
    }

    func test_cancelledRequest_getsNoProgressAfterItsCompletion() async throws {
        // Given
        let provider = Provider<GitHub>(transport: LingeringTransport())
        let queue = DispatchQueue(label: "callbacks")
        let events = Locked<[String]>([])
        let done = expectation(description: "completion")

        // When
        let request = provider.request(
            .zen, callbackQueue: queue, progress: { _ in events.append("progress") },
            completion: { result in
                events.append(result.isCancellation ? "cancelled" : "\(result)")
                done.fulfill()
            })
        try await Task.sleep(for: .milliseconds(20))
        request.cancel()
        await fulfillment(of: [done], timeout: 5)
        try await Task.sleep(for: .milliseconds(200))  // the transport goes on reporting meanwhile
        queue.sync {}

        // Then
        XCTAssertEqual(events.value.last, "cancelled", "\(events.value.suffix(5))")
        XCTAssertEqual(events.value.filter { $0 == "cancelled" }.count, 1)
    }

    @MainActor
    func test_mainActorCompletion_cancelledBeforeTheMainActorStartedIt_sendsNothing() async {
        // Given
        let transport = OtherThreadTransport()
        let provider = Provider<GitHub>(transport: transport)
        let result = Locked<Result<Response, CourierError>?>(nil)
        let done = expectation(description: "completion")

        // When: the main actor is held until the request was made and cancelled off it
        Self.runAndWait {
            let request = provider.request(.zen) { @MainActor outcome in
                result.withLock { $0 = outcome }
                done.fulfill()
            }
            request.cancel()
        }
        await fulfillment(of: [done], timeout: 5)

        // Then
        XCTAssertEqual(result.value?.isCancellation, true, "\(String(describing: result.value))")
        XCTAssertEqual(transport.sent.value, 0, "a request cancelled before it started reached the transport")
    }

    /// Runs `work` on another thread and waits for it, holding the caller's thread.
    private nonisolated static func runAndWait(_ work: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            work()
            finished.signal()
        }
        finished.wait()
    }
}
