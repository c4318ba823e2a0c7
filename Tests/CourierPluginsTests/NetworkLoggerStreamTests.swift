import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

final class NetworkLoggerStreamTests: XCTestCase {
    private let target = HTTPBinTarget(URL(string: "https://api.example.com")!, "/events")

    func test_completedStream_isOneLine_withStatusTimeBytesAndEvents() {
        // Given
        let log = LogRecorder()
        let summary = StreamSummary(
            statusCode: 200, bytes: 48_213, events: 312, duration: .milliseconds(4213), outcome: .completed)
        // When
        log.logger().didFinishStream(summary, target: target)
        // Then
        XCTAssertEqual(log.outputCalls.count, 1)
        XCTAssertTrue(
            log.text.hasSuffix("Stream: 200 completed in 4213.0 ms, 48213 bytes, 312 events"), log.text)
    }

    func test_failedStream_namesTheError_withSecretsRedacted_andCountsReconnections() {
        // Given
        let log = LogRecorder()
        let url = URL(string: "https://api.example.com/events?token=s3cr3t")!
        let error = CourierError.underlying(
            URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: url]), nil)
        let summary = StreamSummary(
            statusCode: 200, bytes: 10, events: 1, reconnections: 2, duration: .seconds(1), outcome: .failed(error))
        // When
        log.logger().didFinishStream(summary, target: target)
        // Then
        XCTAssertTrue(log.text.contains("Stream: 200 failed in 1000.0 ms, 10 bytes, 1 events, 2 reconnections: "))
        XCTAssertFalse(log.text.contains("s3cr3t"), log.text)
    }
}
