#if os(Linux)
    import CCourierCurl
    import XCTest

    @testable import Courier

    /// How libcurl's figures become a transaction: what it did not measure, or what did not happen,
    /// stays `nil`.
    final class CurlMeasurementsTests: XCTestCase {
        /// Figures as libcurl 7.88 gives them for a new plain-HTTP connection.
        private func figures(newConnections: Int = 1, httpVersion: Int = 2) -> courier_curl_metrics {
            var figures = courier_curl_metrics()
            figures.namelookup_us = 44
            figures.connect_us = 587
            figures.appconnect_us = 0
            figures.posttransfer_us = -1
            figures.starttransfer_us = 3_758
            figures.total_us = 3_800
            figures.request_header_bytes = 99
            figures.request_body_bytes = 0
            figures.response_header_bytes = 223
            figures.response_body_bytes = 157
            figures.new_connections = newConnections
            figures.http_version = httpVersion
            figures.primary_port = 8080
            withUnsafeMutableBytes(of: &figures.primary_ip) { bytes in
                for (index, byte) in "127.0.0.1".utf8.enumerated() { bytes[index] = byte }
            }
            return figures
        }

        func test_newConnection_keepsItsPhases_andLeavesOutWhatLibcurlDidNotMeasure() throws {
            // When
            let transaction = CurlMeasurements.Hop(figures: figures(), decodedBodyBytes: 187).transaction

            // Then
            XCTAssertEqual(
                transaction.timeline,
                TransferMetrics.Timeline(
                    domainLookupEnd: .microseconds(44), connectEnd: .microseconds(587), secureConnectionEnd: nil,
                    requestEnd: nil, responseStart: .microseconds(3_758), responseEnd: .microseconds(3_800)))
            XCTAssertEqual(transaction.isReusedConnection, false)
            XCTAssertEqual(transaction.networkProtocol, "http/1.1")
            XCTAssertEqual(transaction.remoteAddress, "127.0.0.1")
            XCTAssertEqual(transaction.remotePort, 8080)
            XCTAssertEqual(transaction.responseBodyBytes, 157)
            XCTAssertEqual(transaction.decodedResponseBodyBytes, 187)
        }

        func test_reusedConnection_hasNoLookupConnectOrHandshake() {
            // Given: libcurl keeps small times for phases a reused connection skipped
            var reused = figures(newConnections: 0, httpVersion: 3)
            reused.appconnect_us = 10

            // When
            let transaction = CurlMeasurements.Hop(figures: reused, decodedBodyBytes: 0).transaction

            // Then
            XCTAssertEqual(transaction.isReusedConnection, true)
            XCTAssertNil(transaction.timeline.domainLookupEnd)
            XCTAssertNil(transaction.timeline.connectEnd)
            XCTAssertNil(transaction.timeline.secureConnectionEnd)
            XCTAssertEqual(transaction.networkProtocol, "h2")
        }

        func test_unknownFigures_areNil() {
            // Given
            var unknown = figures(newConnections: -1, httpVersion: 0)
            unknown.total_us = -1
            unknown.response_body_bytes = -1
            unknown.primary_port = -1
            unknown.primary_ip = courier_curl_metrics().primary_ip

            // When
            let transaction = CurlMeasurements.Hop(figures: unknown, decodedBodyBytes: 5).transaction

            // Then
            XCTAssertNil(transaction.isReusedConnection)
            XCTAssertNil(transaction.timeline.domainLookupEnd, "connection unknown: its phases too")
            XCTAssertNil(transaction.timeline.responseEnd)
            XCTAssertNil(transaction.responseBodyBytes)
            XCTAssertNil(transaction.networkProtocol)
            XCTAssertNil(transaction.remoteAddress)
            XCTAssertNil(transaction.remotePort)
        }

        func test_redirectHops_comeFirst_andAreCounted() {
            // Given
            let hop = CurlMeasurements.Hop(figures: figures(), decodedBodyBytes: 0)

            // When
            let metrics = CurlMeasurements(redirects: [hop, hop], final: hop, nanoseconds: 7_000_000)
                .metrics(origin: .network)

            // Then
            XCTAssertEqual(metrics.transactions.count, 3)
            XCTAssertEqual(metrics.redirectCount, 2)
            XCTAssertEqual(metrics.duration, .milliseconds(7))
        }

        func test_easyHandleWithoutATransfer_reportsNothingAsKnown() throws {
            try XCTSkipIf(CurlLibrary.loadFailure != nil, CurlLibrary.loadFailure ?? "")
            // Given
            let easy = try XCTUnwrap(CurlEasyHandle())

            // When
            let transaction = CurlMeasurements.Hop(easy, decodedBodyBytes: 0).transaction

            // Then: libcurl answers zeros for a handle that never ran; nothing breaks on them
            XCTAssertNil(transaction.networkProtocol)
            XCTAssertNil(transaction.remoteAddress)
        }
    }
#endif
