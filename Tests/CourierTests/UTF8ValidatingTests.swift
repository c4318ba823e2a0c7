import Courier
import CourierTestSupport
import Foundation
import XCTest

/// `String(utf8Validating:)`: the floor-safe stand-in for `String(validating:as:)` (Swift 6.0
/// runtime only) that the response mapping, previews, redaction and cURL output use.
final class UTF8ValidatingTests: XCTestCase {
    func test_validUTF8_decodesToTheSameText() {
        // Given
        let texts = ["", "plain ASCII", "Grüße, 東京, 🚀", "line\r\nbreaks\u{0}and NUL"]

        // When
        let decoded = texts.map { String(utf8Validating: Data($0.utf8)) }

        // Then
        XCTAssertEqual(decoded, texts)
    }

    func test_invalidUTF8_isNil() {
        // Given: a lone continuation byte, a cut sequence, an overlong slash, a surrogate, and a
        // scalar above U+10FFFF
        let samples: [[UInt8]] = [
            [0x80], [0x41, 0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        ]

        // When
        let decoded = samples.map { String(utf8Validating: $0) }

        // Then
        XCTAssertEqual(decoded, [nil, nil, nil, nil, nil])
    }

    func test_byteOrderMark_isKept() {
        XCTAssertEqual(String(utf8Validating: Data([0xEF, 0xBB, 0xBF, 0x41])), "\u{FEFF}A")
    }

    func test_dataSlice_decodesFromItsOwnStart() {
        // Given: a slice whose indices do not start at zero
        let slice = Data("xyzcafé".utf8).dropFirst(3)

        // When / Then
        XCTAssertEqual(String(utf8Validating: slice), "café")
    }

    func test_randomBytes_agreeWithTheStandardLibrary() throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
            throw XCTSkip("String(validating:as:) needs the Swift 6.0 runtime")
        }
        // Given: byte strings biased towards the edges of UTF-8's encoding rules
        var generator = SeededGenerator(seed: 0x5EED_0F_0A7F)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...8, using: &generator)
            let bytes = (0..<count).map { _ in interesting.randomElement(using: &generator) ?? 0 }

            // When / Then
            XCTAssertEqual(
                String(utf8Validating: bytes), String(validating: bytes, as: UTF8.self), "bytes \(bytes)")
        }
    }
}
