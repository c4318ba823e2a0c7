import XCTest

@testable import Courier

/// ``TransferMetrics/description``, the line the logger prints: what was measured, and nothing else.
final class TransferMetricsSummaryTests: XCTestCase {
    func test_newConnection_showsEveryPhase_theBytesAndTheWhole() {
        // Given
        let metrics = TransferMetrics(
            transactions: [
                .init(
                    timeline: .init(
                        domainLookupEnd: .microseconds(120), connectEnd: .microseconds(450),
                        secureConnectionEnd: .microseconds(2_050), requestEnd: .microseconds(2_100),
                        responseStart: .microseconds(3_140), responseEnd: .microseconds(3_210)),
                    networkProtocol: "h2", isReusedConnection: false, remoteAddress: "::1", remotePort: 8443,
                    requestHeaderBytes: 99, requestBodyBytes: 12, responseHeaderBytes: 223, responseBodyBytes: 157,
                    decodedResponseBodyBytes: 187)
            ], redirectCount: 2, duration: .microseconds(9_960))

        // Then
        XCTAssertEqual(
            metrics.description,
            "h2 [::1]:8443, new connection: dns 0.1 ms, connect 0.5 ms, tls 2.1 ms, sent 2.1 ms, first byte 3.1 ms, "
                + "complete 3.2 ms; sent 99 B head + 12 B body; received 223 B head + 157 B body (187 B decoded); "
                + "2 redirects; 10.0 ms in all")
    }

    func test_whatIsUnknown_isLeftOut() {
        // Given
        let reused = TransferMetrics(
            origin: .revalidated,
            transactions: [.init(timeline: .init(responseEnd: .milliseconds(1)), isReusedConnection: true)])

        // Then
        XCTAssertEqual(reused.description, "revalidated from cache; reused connection: complete 1.0 ms")
        XCTAssertEqual(TransferMetrics(redirectCount: 1).description, "no transaction details; 1 redirect")
        XCTAssertEqual(TransferMetrics(origin: .staleAfterError).description, "stale from cache after an error")
    }

    func test_milliseconds_areRoundedToATenth_andNeverTrap() {
        XCTAssertEqual(MillisecondsText.text(for: .microseconds(449)), "0.4 ms")
        XCTAssertEqual(MillisecondsText.text(for: .microseconds(12_350)), "12.4 ms")
        XCTAssertEqual(MillisecondsText.text(for: .zero - .microseconds(5)), "0.0 ms")
        XCTAssertEqual(MillisecondsText.text(for: .seconds(Int64.max)), "\(Int64.max) s")
        XCTAssertEqual(MillisecondsText.text(for: .microseconds(Int64.max)), "9223372036854775.8 ms")
    }
}
