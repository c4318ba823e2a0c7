import Foundation
import XCTest

@testable import Courier

/// The incremental UTF-8 check against the standard library's decoder, on every cut of the input.
final class UTF8ValidatorTests: XCTestCase {
    private func standardLibraryAccepts(_ bytes: [UInt8]) -> Bool {
        String(utf8Validating: bytes) != nil
    }

    private func validatorAccepts(_ bytes: [UInt8], cut: Int) -> Bool {
        var validator = UTF8Validator()
        guard validator.validate(bytes[..<cut]), validator.validate(bytes[cut...]) else { return false }
        return validator.isComplete
    }

    func test_randomShortSequences_agreeWithTheStandardLibraryAtEveryCut() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<20000 {
            let bytes = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                interesting.randomElement(using: &generator) ?? 0
            }
            let expected = standardLibraryAccepts(bytes)
            for cut in 0...bytes.count {
                XCTAssertEqual(validatorAccepts(bytes, cut: cut), expected, "\(bytes) cut at \(cut)")
            }
        }
    }

    func test_longASCIIWithOneBadByteAnywhere_isRefused() {
        for position in 0..<40 {
            var bytes = [UInt8](repeating: 0x61, count: 40)
            bytes[position] = 0xFF
            var validator = UTF8Validator()
            XCTAssertFalse(validator.validate(bytes), "bad byte at \(position)")
        }
    }
}
