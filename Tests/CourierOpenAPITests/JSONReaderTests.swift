import CourierOpenAPIKit
import XCTest

final class JSONReaderTests: XCTestCase {
    private func read(_ text: String) throws -> DocumentValue {
        try JSONReader.read(Array(text.utf8))
    }

    private func error(_ text: String) -> DocumentReadError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error as? DocumentReadError
        }
    }

    func test_object_keepsItsMembersInDocumentOrder() throws {
        // When
        let value = try read(#"{"zebra": 1, "apple": 2, "mango": {"b": true, "a": null}}"#)

        // Then
        XCTAssertEqual(value.object?.keys, ["zebra", "apple", "mango"])
        XCTAssertEqual(value["mango"]?.object?.keys, ["b", "a"])
    }

    func test_numbers_keepTheTextTheDocumentWrote() throws {
        // When
        let value = try read(#"[9223372036854775807, -0.10, 1e400, 2E-3]"#)

        // Then
        XCTAssertEqual(value.array?.compactMap(\.number), ["9223372036854775807", "-0.10", "1e400", "2E-3"])
    }

    func test_strings_decodeEscapesAndSurrogatePairs() throws {
        // When
        let value = try read(#"["a\"b\\c\/d\n", "\u00e9\ud83d\ude00", "naïve"]"#)

        // Then
        XCTAssertEqual(value.array?.compactMap(\.string), ["a\"b\\c/d\n", "é😀", "naïve"])
    }

    func test_badInput_failsWithTheLineAndColumnOfTheProblem() {
        XCTAssertEqual(error("{\n  \"a\": 1,\n  \"b\" 2\n}").map { [$0.line, $0.column] }, [3, 7])
        XCTAssertEqual(error(#"{"a": 1, "a": 2}"#)?.message, "duplicate key \"a\"")
        XCTAssertEqual(error("[1, 2").map(\.message), "unexpected end of the document")
        XCTAssertEqual(error("[01]").map(\.message), "expected ',' or ']' in an array")
        XCTAssertEqual(error("\"\u{01}\"").map(\.message), "a control character in a string must be escaped")
        XCTAssertEqual(error(#"["\ud800x"]"#).map(\.message), "a high surrogate must be followed by a low one")
        XCTAssertEqual(error("{} x").map(\.message), "unexpected text after the value")
    }

    func test_column_countsCharactersAsAnEditorDoes_andCRBreaksALine() {
        // `é` is two bytes and `😀` four; each is one column, as in the YAML reader's errors
        XCTAssertEqual(error("{\"é😀\": 1 2}").map { [$0.line, $0.column] }, [1, 10])
        XCTAssertEqual(error("[1,\r2\r3]").map { [$0.line, $0.column] }, [3, 1])
    }

    func test_invalidUTF8InAString_isAnError() {
        // Given
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]

        // Then
        XCTAssertThrowsError(try JSONReader.read(bytes)) { error in
            XCTAssertEqual((error as? DocumentReadError)?.message, "a string is not valid UTF-8")
        }
    }

    func test_nestingDeeperThanTheLimit_isRefused_withoutExhaustingTheStack() {
        // Given
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

        // Then
        XCTAssertEqual(error(deep)?.message, "nested deeper than \(JSONReader.maximumDepth) levels")
    }

    func test_jsonText_writesTheValueBackAsCompactJSON() throws {
        // Given
        let text = #"{"b":[1,2.50,{"c":"x\"\n"}],"a":null,"t":true}"#

        // Then
        XCTAssertEqual(try read(text).jsonText, text)
    }

    func test_pointer_findsValuesWithEscapedTokens() throws {
        // Given
        let value = try read(#"{"paths": {"/pets/{id}": {"get": {"tags": ["a", "b"]}}}, "a~b": 1}"#)

        // Then
        XCTAssertEqual(value.value(at: "/paths/~1pets~1{id}/get/tags/1"), .string("b"))
        XCTAssertEqual(value.value(at: "/a~0b"), .number("1"))
        XCTAssertNil(value.value(at: "/paths/missing"))
    }
}
