import CourierTestSupport
import Foundation
import XCTest

@testable import Courier

/// `UTF8Text`: received bytes made text as `String(decoding:as:)` makes them, with a check of its
/// own that must accept exactly the well-formed sequences, since what it accepts becomes a string
/// without the standard library's check.
final class UTF8TextTests: XCTestCase {
    /// Representative continuation-position bytes: ASCII, each edge of the ranges Table 3-7 uses
    /// for second bytes (80, 8F, 90, 9F, A0, BF), and bytes that continue nothing (C0, F4, FF).
    private static let followers: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF]

    func test_everyOneAndTwoByteSequence_isJudgedAndDecodedAsTheStandardLibraryDoes() throws {
        try SanitizedRun.skipInputMatrix()
        for first in 0...255 {
            assertAgreement([UInt8(first)])
            for second in 0...255 { assertAgreement([UInt8(first), UInt8(second)]) }
        }
    }

    func test_everyLeadAndSecondByte_withEachKindOfContinuation_isJudgedAsTheStandardLibraryDoes() throws {
        try SanitizedRun.skipInputMatrix()
        // Given: every lead byte that starts a longer sequence, every second byte, and third and
        // fourth bytes from each class Table 3-7 tells apart
        for lead in 0xC0...0xFF {
            for second in 0...255 {
                for third in Self.followers {
                    assertAgreement([UInt8(lead), UInt8(second), third])
                    guard lead >= 0xF0 else { continue }
                    for fourth in Self.followers { assertAgreement([UInt8(lead), UInt8(second), third, fourth]) }
                }
            }
        }
    }

    func test_sequencesAfterAndAmongASCII_areCheckedWhereverTheASCIIEnds() throws {
        try SanitizedRun.skipInputMatrix()
        // Given: sequences placed after ASCII runs of every length around the 16-byte step, and
        // ASCII after them
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
            [0xF4, 0x90, 0x80, 0x80],
            [0x80], [0xFF],
        ]
        for length in 0...40 {
            for sequence in sequences {
                let prefix = [UInt8](repeating: 0x61, count: length)
                assertAgreement(prefix + sequence)
                assertAgreement(prefix + sequence + prefix)
                assertAgreement(prefix + [0xC3, 0xA9] + prefix + sequence)
            }
        }
    }

    func test_asciiPrefixLength_endsAtTheFirstByteAbove7F() {
        for length in 0...40 {
            let ascii = [UInt8](repeating: 0x7F, count: length)
            XCTAssertEqual(prefixLength(ascii), length)
            XCTAssertEqual(prefixLength(ascii + [0x80] + ascii), length)
        }
    }

    func test_eventData_withCharactersBeyondASCII_isTheServersText() throws {
        // Given: a stream whose events mix ASCII JSON with accented letters, emoji, CJK, and a
        // byte that is not UTF-8
        var parser = ServerSentEventParser(maximumLength: 1024)
        let body =
            Data(#"data: {"content":"café 😀 東京"}"#.utf8) + Data("\n\ndata: bad \u{1}".utf8) + Data([0xFF])
            + Data(" end\n\n".utf8)

        // When
        let events = try parser.parse(body)

        // Then
        XCTAssertEqual(events.map(\.data), [#"{"content":"café 😀 東京"}"#, "bad \u{1}\u{FFFD} end"])
    }

    // MARK: - Helpers

    private func assertAgreement(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        bytes.withUnsafeBytes { raw in
            let wellFormed = standardLibraryAccepts(raw)
            if UTF8Text.isWellFormed(raw) != wellFormed {
                XCTFail("\(hex(bytes)): well-formed is \(wellFormed)", file: file, line: line)
            }
            let decoded = UTF8Text.decode(raw)
            if !decoded.utf8.elementsEqual(String(decoding: raw, as: UTF8.self).utf8) {
                XCTFail("\(hex(bytes)) decoded as \(hex(Array(decoded.utf8)))", file: file, line: line)
            }
        }
    }

    /// Whether the standard library's own check accepts `bytes` (its `UTF8` decoder where the
    /// runtime has no `String(validating:as:)`).
    private func standardLibraryAccepts(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
            return String(utf8Validating: bytes) != nil
        }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    private func prefixLength(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { UTF8Text.asciiPrefixLength($0) }
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
