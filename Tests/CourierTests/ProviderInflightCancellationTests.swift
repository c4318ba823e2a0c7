import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Waiting for a shared exchange (`trackInflights`) ends as soon as the waiting caller is
/// cancelled; the exchange goes on for the others, and is cancelled when the last one leaves.
final class ProviderInflightCancellationTests: XCTestCase {
    /// Answers once released; records whether the transfer saw a cancellation. Waits 30 s at most.
    private final class GatedTransport: HTTPTransport {
        let started = Locked(0)
        let sawCancellation = Locked(false)
        private let opened = Locked(false)

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            started.withLock { $0 += 1 }
            do {
                for _ in 0..<3000 where !opened.value {
                    try await Task.sleep(for: .milliseconds(10))
                }
            } catch {
                sawCancellation.withLock { $0 = true }
                throw URLError(.cancelled)
            }
            let response = HTTPURLResponse(
                url: request.urlRequest.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            return TransportResponse(response: response, data: Data("shared".utf8))
        }

        func open() {
            opened.withLock { $0 = true }
        }
    }

    func test_joinedCallerCancelled_endsAtOnce_theOtherGetsTheAnswer() async throws {
        // Given
        let transport = GatedTransport()
        let provider = Provider<GitHub>(transport: transport, trackInflights: true)
        let first = Task { try await provider.request(.zen) }
        await waitUntil { transport.started.value == 1 }
        let second = Task { await provider.result(.zen) }
        try await Task.sleep(for: .milliseconds(20))

        // When
        second.cancel()
        let secondResult = await second.value
        transport.open()

        // Then
        guard case .failure(let error) = secondResult else { return XCTFail("\(secondResult)") }
        XCTAssertTrue(error.isCancelled)
        let firstText = try await first.value.mapString()
        XCTAssertEqual(firstText, "shared")
        XCTAssertEqual(transport.started.value, 1)
        XCTAssertFalse(transport.sawCancellation.value)
    }

    func test_everyCallerCancelled_theSharedTransferIsCancelled() async {
        // Given
        let transport = GatedTransport()
        let provider = Provider<GitHub>(transport: transport, trackInflights: true)
        let callers = (0..<2).map { _ in Task { await provider.result(.zen) } }
        await waitUntil { transport.started.value == 1 }

        // When
        for caller in callers { caller.cancel() }
        for caller in callers {
            let result = await caller.value
            guard case .failure(let error) = result else { return XCTFail("\(result)") }
            XCTAssertTrue(error.isCancelled)
        }
        await waitUntil { transport.sawCancellation.value }

        // Then
        XCTAssertTrue(transport.sawCancellation.value)
    }
}
