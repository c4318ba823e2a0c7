import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The logger's `transferMetrics` option (issue 24, section 2): one `Metrics:` line per response,
/// only when asked for, saying when an answer was stubbed or cached, never showing a secret.
final class NetworkLoggerMetricsTests: XCTestCase {
    private let secretURL = URL(string: "https://api.example.com/orders?access_token=tok-SECRET-42")!

    private func provider(_ log: LogRecorder, _ options: NetworkLoggerPlugin.Configuration.LogOptions)
        -> Provider<HTTPBinTarget>
    {
        Provider(transport: MeasuredTransport(), plugins: [log.logger(options)])
    }

    func test_option_isItsOwnBit_outsideMoyasVerbose() {
        XCTAssertEqual(NetworkLoggerPlugin.Configuration.LogOptions.transferMetrics.rawValue, 64)
        XCTAssertFalse(NetworkLoggerPlugin.Configuration.LogOptions.verbose.contains(.transferMetrics))
    }

    func test_networkResponse_logsOneMetricsLineAfterTheResponse_withoutSecrets() async throws {
        // Given
        let log = LogRecorder()

        // When
        _ = try await provider(log, [.requestHeaders, .transferMetrics]).request(
            HTTPBinTarget(secretURL, "", headers: ["Authorization": "Bearer tok-SECRET-43"]))

        // Then
        let received = try XCTUnwrap(log.outputCalls.last)
        XCTAssertEqual(received.count, 2, "\(received)")
        let (response, metrics) = (received.first ?? "", received.dropFirst().first ?? "")
        XCTAssertTrue(response.contains("] Response: 200"), response)
        XCTAssertTrue(
            metrics.hasSuffix(
                "] Metrics: h2 192.0.2.7:443, new connection: dns 1.0 ms, connect 2.0 ms, tls 5.0 ms, first byte 9.0 ms, "
                    + "complete 10.0 ms; sent 120 B head; received 80 B head + 2 B body; 12.0 ms in all"),
            metrics)
        XCTAssertFalse(log.text.contains("SECRET"), log.text)
    }

    func test_stubbedResponse_saysItWasStubbed() async throws {
        // Given
        let log = LogRecorder()
        let provider = Provider<HTTPBinTarget>(
            stubClosure: Provider.immediatelyStub, plugins: [log.logger([.transferMetrics])])

        // When
        _ = try await provider.request(HTTPBinTarget(secretURL, ""))

        // Then
        XCTAssertTrue(log.lines.contains { $0.hasSuffix("] Metrics: stubbed: no transfer") }, "\(log.lines)")
    }

    func test_withoutTheOption_orWithoutAResponse_noMetricsLine() async throws {
        // Given
        let log = LogRecorder()

        // When
        _ = try await provider(log, .verbose).request(HTTPBinTarget(secretURL, ""))
        log.logger([.transferMetrics]).didReceive(
            .failure(.underlying(URLError(.timedOut), nil)), target: HTTPBinTarget(secretURL, ""))

        // Then
        XCTAssertFalse(log.text.contains("Metrics:"), log.text)
    }
}

/// Answers `200 ok` with the metrics of a new HTTP/2 connection.
private struct MeasuredTransport: HTTPTransport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/2", headerFields: [:]) else {
            throw URLError(.badServerResponse)
        }
        let timeline = TransferMetrics.Timeline(
            domainLookupEnd: .milliseconds(1), connectEnd: .milliseconds(2), secureConnectionEnd: .milliseconds(5),
            responseStart: .milliseconds(9), responseEnd: .milliseconds(10))
        let transaction = TransferMetrics.Transaction(
            timeline: timeline, networkProtocol: "h2", isReusedConnection: false, remoteAddress: "192.0.2.7",
            remotePort: 443, requestHeaderBytes: 120, responseHeaderBytes: 80, responseBodyBytes: 2,
            decodedResponseBodyBytes: 2)
        return TransportResponse(
            response: response, data: Data("ok".utf8),
            metrics: TransferMetrics(transactions: [transaction], duration: .milliseconds(12)))
    }
}
