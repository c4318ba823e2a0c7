import Courier
import Foundation
import XCTest

/// A body past what the encoder's `Int32` offsets address (2 GiB of JSON text) is written by
/// Foundation's encoder, with the same bytes, instead of stopping the process. The limit is
/// lowered here so that a small value reaches it.
final class JSONBodyOffsetLimitTests: XCTestCase {
    private struct Report: Encodable {
        let title: String
        let rows: [[String: Int]]
        let notes: [String: String]
    }

    private func foundation<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    func test_textPastTheLimit_isWrittenAsFoundationWritesIt() throws {
        // Given
        let report = Report(
            title: String(repeating: "x", count: 3_000), rows: [["b": 2, "a": 1]], notes: ["z": "last", "m": "mid"])

        // When
        let data = try JSONBodyEncoder.tree(report, offsetLimit: 1_000)

        // Then
        XCTAssertEqual(data, try foundation(report))
        XCTAssertGreaterThan(data.count, 1_000)
    }

    func test_keysPastTheLimit_areWrittenAsFoundationWritesThem() throws {
        // Given
        let notes = [String(repeating: "k", count: 1_500): "v", "a": String(repeating: "w", count: 10)]

        // When
        let data = try JSONBodyEncoder.tree(notes, offsetLimit: 1_000)

        // Then
        XCTAssertEqual(data, try foundation(notes))
    }

    func test_textWithinTheLimit_isCouriersOwn_withTheSameBytes() throws {
        let report = Report(title: "t", rows: [["a": 1]], notes: [:])
        XCTAssertEqual(try JSONBodyEncoder.tree(report, offsetLimit: 1_000), try foundation(report))
    }
}
