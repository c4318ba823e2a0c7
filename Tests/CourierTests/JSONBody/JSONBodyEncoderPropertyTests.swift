import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Courier's JSON encoder against Foundation's `JSONEncoder` with `.sortedKeys`, over thousands of
/// generated values: the same bytes, or the same error. The app's-encoder path (Foundation writing,
/// Courier counting the depth) must give Foundation's bytes too, whatever the encoder's options.
final class JSONBodyEncoderPropertyTests: XCTestCase {
    override func setUpWithError() throws {
        try SanitizedRun.skipInputMatrix()
    }

    private static let seed: UInt64 = 0x22E_C0DE
    private static let cases = 3_000

    /// What an encoder gave: its bytes as text, or its error as text.
    static func outcome(_ encode: () throws -> Data) -> String {
        do {
            return "bytes: " + String(decoding: try encode(), as: UTF8.self)
        } catch {
            return "error: \(error)"
        }
    }

    /// Where two outcomes first differ, with a little on each side.
    static func difference(_ expected: String, _ actual: String) -> String {
        let common = zip(expected, actual).prefix { $0 == $1 }.count
        func around(_ text: String) -> String {
            String(text.dropFirst(max(0, common - 40)).prefix(100)).debugDescription
        }
        return "at character \(common):\n  Foundation …\(around(expected))\n  Courier    …\(around(actual))"
    }

    static func sortedKeysEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    func test_generatedValues_sameBytesAsJSONEncoderWithSortedKeys() {
        // Given
        var generator = FuzzValueGenerator(seed: Self.seed)
        let foundation = Self.sortedKeysEncoder()
        var failures: [String] = []
        var errors = 0

        for index in 0..<Self.cases {
            let value = generator.value()

            // When
            let expected = Self.outcome { try foundation.encode(value) }
            let courier = Self.outcome { try JSONBodyEncoder.sortedKeys(value) }

            // Then
            if expected.hasPrefix("error") { errors += 1 }
            if courier != expected, failures.count < 5 {
                failures.append("case \(index) (seed \(Self.seed)) " + Self.difference(expected, courier))
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertLessThan(errors, Self.cases / 10, "most values must encode, or the bytes are not compared")
    }

    func test_generatedValues_throughTheAppsEncoder_sameBytesAsThatEncoder() {
        // Given: encoders with every kind of option
        var generator = FuzzValueGenerator(seed: Self.seed &+ 1, foldsKeys: true)
        let encoders: [JSONEncoder] = [
            Self.sortedKeysEncoder(),
            {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                encoder.keyEncodingStrategy = .convertToSnakeCase
                encoder.dateEncodingStrategy = .iso8601
                encoder.dataEncodingStrategy = .deferredToData
                encoder.nonConformingFloatEncodingStrategy = .convertToString(
                    positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
                return encoder
            }(),
            {
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                encoder.keyEncodingStrategy = .custom { path in
                    FuzzKey("k\(path.count)_\(path.last?.stringValue ?? "")")
                }
                encoder.dateEncodingStrategy = .custom { date, encoder in
                    var container = encoder.unkeyedContainer()
                    try container.encode(date.timeIntervalSince1970)
                    try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."))
                }
                encoder.dataEncodingStrategy = .custom { data, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode(data.count)
                }
                return encoder
            }(),
        ]
        var failures: [String] = []

        for index in 0..<Self.cases {
            let value = generator.value()
            let encoder = encoders[index % encoders.count]

            // When
            let expected = Self.outcome { try encoder.encode(value) }
            let courier = Self.outcome { try JSONBodyEncoder.encode(value, with: encoder) }

            // Then
            if courier != expected, failures.count < 5 {
                failures.append("case \(index), encoder \(index % 3) " + Self.difference(expected, courier))
            }
        }
        XCTAssertEqual(failures, [])
    }
}
