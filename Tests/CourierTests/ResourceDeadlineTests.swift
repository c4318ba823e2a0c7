import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The total limit of one exchange (`TargetType.timeoutIntervalForResource`): enforced by the
/// provider around any transport, handed to the transport as information, with defaults that
/// leave uploads and downloads unlimited.
final class ResourceDeadlineTests: XCTestCase {
    /// A target whose total limit is chosen per instance.
    private struct Limited: TargetType {
        var baseURL = URL(string: "https://api.example.com")!
        var path = "/slow"
        var method: HTTPMethod = .get
        var task: HTTPTask = .requestPlain
        var timeoutIntervalForResource: TimeInterval?
    }

    /// A transport that answers only when cancelled (with `URLError(.cancelled)`), or after
    /// 30 s, and records what it was asked and whether it saw the cancellation.
    private final class HangingTransport: HTTPTransport {
        let asked = Locked<[TransportRequest]>([])
        let sawCancellation = Locked(false)

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            asked.append(request)
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                sawCancellation.withLock { $0 = true }
                throw URLError(.cancelled)
            }
            let response = HTTPURLResponse(
                url: request.urlRequest.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            return TransportResponse(response: response)
        }
    }

    func test_exchangeOverTheLimit_failsWithTimedOutAndIsCancelled() async {
        // Given
        let transport = HangingTransport()
        let provider = Provider<Limited>(transport: transport)

        // When
        let result = await provider.result(Limited(timeoutIntervalForResource: 0.05))

        // Then
        guard case .failure(.underlying(let error as URLError, nil)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(error.code, .timedOut)
        XCTAssertTrue(error.localizedDescription.contains("timeoutIntervalForResource"), error.localizedDescription)
        XCTAssertTrue(transport.sawCancellation.value)
    }

    func test_transportIsToldTheLimit() async {
        // Given
        let transport = HangingTransport()
        let provider = Provider<Limited>(transport: transport)

        // When
        _ = await provider.result(Limited(timeoutIntervalForResource: 0.05))

        // Then
        XCTAssertEqual(transport.asked.value.map(\.timeoutIntervalForResource), [0.05])
    }

    func test_callerCancellation_isStillACancellation() async {
        // Given
        let transport = HangingTransport()
        let provider = Provider<Limited>(transport: transport)
        let request = Task { await provider.result(Limited(timeoutIntervalForResource: 20)) }
        await waitUntil { !transport.asked.value.isEmpty }

        // When
        request.cancel()
        let result = await request.value

        // Then
        guard case .failure(let error) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(error.isCancelled, "\(error)")
    }

    func test_defaults_limitInMemoryRequestsAndLeaveTransfersUnlimited() throws {
        let file = URL(fileURLWithPath: "/tmp/upload.bin")
        let destination: DownloadDestination = { url, _ in (url, []) }
        XCTAssertEqual(GitHub.zen.timeoutIntervalForResource, 300)
        XCTAssertEqual(MultiTarget(GitHub.zen).timeoutIntervalForResource, 300)
        XCTAssertNil(
            HTTPBinTarget(URL(string: "https://x.test")!, "/", task: .uploadFile(file)).timeoutIntervalForResource)
        XCTAssertNil(
            HTTPBinTarget(URL(string: "https://x.test")!, "/", task: .uploadMultipartFormData([]))
                .timeoutIntervalForResource)
        XCTAssertNil(
            HTTPBinTarget(URL(string: "https://x.test")!, "/", task: .downloadDestination(destination))
                .timeoutIntervalForResource)
        XCTAssertEqual(
            MultiTarget(Limited(timeoutIntervalForResource: 7)).timeoutIntervalForResource, 7)
    }

    func test_stubs_areNotLimited() async throws {
        // Given: a delayed stub longer than the limit
        let provider = Provider<Limited>(stubClosure: Provider.delayedStub(0.1))

        // When
        let response = try await provider.request(Limited(timeoutIntervalForResource: 0.01))

        // Then
        XCTAssertEqual(response.statusCode, 200)
    }

}
