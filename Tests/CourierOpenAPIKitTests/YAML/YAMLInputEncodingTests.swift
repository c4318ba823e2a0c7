import CourierOpenAPIKit
import Foundation
import XCTest

final class YAMLInputEncodingTests: XCTestCase {
    func test_dataAndByteArrays_readAlike() throws {
        let text = "a: [1, two]\n"
        let expected = object(["a": .array([.number("1"), .string("two")])])
        XCTAssertEqual(try YAMLReader.read(Data(text.utf8)), expected)
        XCTAssertEqual(try YAMLReader.read(Array(text.utf8)), expected)
        XCTAssertEqual(try YAMLReader.read(Array(text.utf8)[...]), expected)
    }

    func test_utf8ByteOrderMark_isSkipped() throws {
        XCTAssertEqual(try YAMLReader.read([0xEF, 0xBB, 0xBF] + Array("a: 1".utf8)), object(["a": .number("1")]))
    }

    func test_byteOrderMarkBeforeALaterDocument_isSkipped() throws {
        let bytes = Array("--- 1\n...\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("--- 2\n".utf8)
        XCTAssertEqual(try YAMLReader.readStream(bytes), [.number("1"), .number("2")])
    }

    func test_utf16AndUTF32_areRefusedWithAClearError() {
        for bytes: [UInt8] in [
            [0xFF, 0xFE, 0x61, 0x00], [0xFE, 0xFF, 0x00, 0x61], [0x61, 0x00, 0x3A, 0x00],
            [0x00, 0x00, 0xFE, 0xFF], [0x61, 0x00, 0x00, 0x00],
        ] {
            XCTAssertThrowsError(try YAMLReader.read(bytes)) { error in
                XCTAssertTrue((error as? YAMLError)?.message.contains("UTF-8 only") == true, "\(error)")
            }
        }
    }

    func test_invalidUTF8_isAnErrorAtItsPosition() {
        let bytes = Array("a: é\nb: ".utf8) + [0xC3, 0x28]
        XCTAssertThrowsError(try YAMLReader.read(bytes)) { error in
            XCTAssertEqual(error as? YAMLError, YAMLError(line: 2, column: 4, message: "invalid UTF-8 byte 0xC3"))
        }
    }

    func test_controlCharacters_areErrors() {
        assertYAMLError("a: b\u{0}c", line: 1, column: 5, contains: "U+0000")
        assertYAMLError("a: \u{7F}", line: 1, column: 4, contains: "U+007F")
        assertYAMLError("a: \u{9F}", line: 1, column: 4, contains: "U+009F")
    }

    func test_controlCharacterInALongASCIIRun_isFoundAtItsColumn() {
        let run = String(repeating: "abcdefgh", count: 3)
        for (offset, character) in [(0, "\u{1}"), (5, "\u{7F}"), (13, "\u{1F}")] {
            let text = "k: " + run.prefix(offset) + character + run
            assertYAMLError(text, line: 1, column: 4 + offset, contains: "is not allowed in YAML")
        }
        XCTAssertEqual(try readYAML("k: \(run)é\(run)"), object(["k": .string("\(run)é\(run)")]))
    }

    func test_crlfAndCRLineBreaks_readAsLineFeeds() throws {
        XCTAssertEqual(
            try readYAML("a: |\r\n  x\r\n  y\r\nb: 1\r"), object(["a": .string("x\ny\n"), "b": .number("1")]))
    }

    func test_columns_countCharactersNotBytes() {
        assertYAMLError("é: ü: x\n", line: 1, column: 5, contains: "mapping value")
    }

    func test_errorDescription_namesLineAndColumn() {
        XCTAssertEqual(
            YAMLError(line: 3, column: 7, message: "expected ':'").description, "line 3, column 7: expected ':'")
    }
}
