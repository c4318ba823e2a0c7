import Courier
import CourierTestSupport
import XCTest

@testable import CourierPlugins

/// The logger's clock texts, made without `DateFormatter`, checked against Foundation's ISO 8601
/// formatter.
final class LogTimeTests: XCTestCase {
    private func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    private func logTimestamp(_ date: Date) -> String {
        var text = ""
        LogTime.appendTimestamp(of: date, to: &text)
        return text
    }

    func test_timestamp_matchesISO8601ForLeapDaysCenturiesAndEpoch() {
        // Given: 1970-01-01, 2000-02-29, 2100-03-01, 2024-12-31T23:59:59.999, 1969-12-31T23:59:59.5
        let seconds: [TimeInterval] = [0, 951_782_400.123, 4_107_542_400, 1_735_689_599.999, -0.5]

        for value in seconds {
            // When
            let date = Date(timeIntervalSince1970: value)

            // Then
            XCTAssertEqual(logTimestamp(date), iso8601(date), "for \(value)")
        }
    }

    func test_timestamp_matchesISO8601EveryDayAcrossFourHundredYears() {
        // Given
        let day: TimeInterval = 86_400
        let start = Date(timeIntervalSince1970: -70 * 365.2425 * day + 45_296.789)

        for offset in stride(from: 0, to: 146_097, by: 31) {
            // When
            let date = start.addingTimeInterval(Double(offset) * day)

            // Then
            XCTAssertEqual(logTimestamp(date), iso8601(date))
        }
    }

    func test_elapsed_isMillisecondsWithOneDecimal() {
        XCTAssertEqual(LogTime.elapsed(.microseconds(449)), "0.4 ms")
        XCTAssertEqual(LogTime.elapsed(.microseconds(12_350)), "12.4 ms")
        XCTAssertEqual(LogTime.elapsed(.seconds(2)), "2000.0 ms")
        XCTAssertEqual(LogTime.elapsed(.zero - .seconds(1)), "0.0 ms")
    }

    func test_defaultEntryFormatter_timestampIsNow() throws {
        // Given
        let before = Date()

        // When
        let line = NetworkLoggerPlugin.Configuration.Formatter.defaultEntryFormatter(
            identifier: "I", message: "m", target: GitHub.zen)

        // Then
        let after = Date()
        let text = try XCTUnwrap(line.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        XCTAssertTrue([iso8601(before), iso8601(after)].contains { $0.prefix(19) == text.prefix(19) }, String(text))
    }
}
