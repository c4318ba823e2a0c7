import CourierTestSupport
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``Response/metrics`` through the pipeline without a network (issue 24, section 2): stubs and
/// cached answers say they crossed none, a transport's own metrics reach the response, and nothing
/// is made up where nothing was measured.
final class TransferMetricsTests: XCTestCase {
    private let server = URL(string: "https://api.example.com")!

    /// What a transport of the user's own might measure.
    private let measured = TransferMetrics(
        transactions: [
            .init(
                timeline: .init(responseStart: .milliseconds(3), responseEnd: .milliseconds(4)),
                networkProtocol: "h2", isReusedConnection: true, remoteAddress: "2001:db8::1", remotePort: 443)
        ],
        duration: .milliseconds(5))

    func test_immediateStub_saysItWasStubbed_withNoTransferAndZeroTime() async throws {
        // Given
        let provider = Provider<HTTPBinTarget>(stubClosure: Provider.immediatelyStub)

        // When
        let response = try await provider.request(HTTPBinTarget(server, "/thing"))
        let metrics = try XCTUnwrap(response.metrics)

        // Then
        XCTAssertTrue(metrics.isStubbed)
        XCTAssertEqual(metrics.origin, .stub)
        XCTAssertEqual(metrics.transactions, [])
        XCTAssertEqual(metrics.redirectCount, 0)
        XCTAssertEqual(metrics.duration, .zero)
        XCTAssertEqual(metrics.description, "stubbed: no transfer")
    }

    func test_delayedStub_saysItWasStubbed_withZeroTimeDespiteTheDelay() async throws {
        // Given
        let provider = Provider<HTTPBinTarget>(stubClosure: Provider.delayedStub(0.01))

        // When
        let response = try await provider.request(HTTPBinTarget(server, "/thing"))
        let metrics = try XCTUnwrap(response.metrics)

        // Then
        XCTAssertEqual(metrics, TransferMetrics(origin: .stub, duration: .zero))
    }

    func test_responseBuiltByHand_hasNoMetrics() {
        XCTAssertNil(Response(statusCode: 200, data: Data()).metrics)
    }

    func test_transportsOwnMetrics_reachTheResponse() async throws {
        // Given
        let provider = Provider<HTTPBinTarget>(transport: MeasuringTransport(metrics: measured))

        // When
        let response = try await provider.request(HTTPBinTarget(server, "/thing"))

        // Then
        XCTAssertEqual(response.metrics, measured)
        XCTAssertEqual(response.metrics?.finalTransaction?.remoteAddress, "2001:db8::1")
    }

    func test_transportThatMeasuresNothing_givesNoMetrics_ratherThanInventedOnes() async throws {
        // Given
        let provider = Provider<HTTPBinTarget>(transport: MeasuringTransport(metrics: nil))

        // When
        let response = try await provider.request(HTTPBinTarget(server, "/thing"))

        // Then
        XCTAssertNil(response.metrics)
    }

    func test_answerFromTheCache_saysSo_withNoTransfer() async throws {
        // Given: an answer fresh for a minute, stored by a first request
        let provider = Provider<HTTPBinTarget>(
            transport: MeasuringTransport(metrics: measured, headers: ["Cache-Control": "max-age=60"]),
            cache: HTTPCache(), cachePolicy: .httpSemantics)
        let first = try await provider.request(HTTPBinTarget(server, "/thing"))

        // When
        let second = try await provider.request(HTTPBinTarget(server, "/thing"))

        // Then
        XCTAssertEqual(first.metrics, measured)
        XCTAssertEqual(second.origin, .cache)
        XCTAssertEqual(second.metrics, TransferMetrics(origin: .cache, duration: .zero))
        XCTAssertEqual(second.metrics?.description, "from cache: no transfer")
    }

    func test_revalidatedOrStaleAnswer_carriesTheMetricsOfTheExchangeThatLedToIt() {
        // Given
        let fromTransport = MeasuredTransfer.reported(measured)

        // Then
        XCTAssertEqual(fromTransport.metrics(origin: .revalidated)?.origin, .revalidated)
        XCTAssertEqual(fromTransport.metrics(origin: .revalidated)?.transactions, measured.transactions)
        XCTAssertEqual(fromTransport.metrics(origin: .staleAfterError)?.duration, measured.duration)
        XCTAssertEqual(
            MeasuredTransfer.none.metrics(origin: .staleAfterError), TransferMetrics(origin: .staleAfterError))
        XCTAssertNil(MeasuredTransfer.none.metrics(origin: .network))
    }

    func test_transportResponse_keepsMetricsSetOnIt() throws {
        // Given
        let http = try XCTUnwrap(HTTPURLResponse(url: server, statusCode: 200, httpVersion: nil, headerFields: nil))
        var answer = TransportResponse(response: http)

        // When
        answer.metrics = measured

        // Then
        XCTAssertEqual(answer.metrics, measured)
        answer.metrics = nil
        XCTAssertNil(answer.metrics)
    }
}

/// Answers every request with `200 ok`, these headers and these metrics.
private struct MeasuringTransport: HTTPTransport {
    let metrics: TransferMetrics?
    var headers: [String: String] = [:]

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badServerResponse) }
        return TransportResponse(response: response, data: Data("ok".utf8), metrics: metrics)
    }
}
