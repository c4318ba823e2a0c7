import XCTest

@testable import CourierOpenAPIKit

/// The string literals the generator writes, and the JSON text it writes back.
final class QuotedTextTests: XCTestCase {
    func test_jsonText_escapesControlCharacters_andTheLineSeparators_asJSONWrites() throws {
        // Given: a string holding every kind of scalar JSON text must escape, and two it need not
        let value = DocumentValue.string("q\"b\\n\nr\rt\t\u{1}\u{1F}\u{7F}\u{2028}\u{2029}é")

        // Then: the short escapes, four-digit \u escapes, DEL and é as they are
        XCTAssertEqual(value.jsonText, "\"q\\\"b\\\\n\\nr\\rt\\t\\u0001\\u001f\u{7F}\\u2028\\u2029é\"")
        XCTAssertEqual(try JSONReader.read(Array(value.jsonText.utf8)), value)
    }

    func test_swiftLiterals_escapeControlCharactersDELAndTheLineSeparators() {
        // Given
        let awkward = "q\"b\\n\nr\rt\t\u{1}\u{7F}\u{2028}é"

        // Then: Swift's \u{…} escapes; no raw literal for text that needs an escape
        XCTAssertEqual(SwiftLiteral.string(awkward), "\"q\\\"b\\\\n\\nr\\rt\\t\\u{1}\\u{7f}\\u{2028}é\"")
        XCTAssertEqual(SwiftLiteral.raw(awkward), SwiftLiteral.string(awkward))
        XCTAssertEqual(SwiftLiteral.raw("a \"quoted\" \\path"), "#\"a \"quoted\" \\path\"#")
    }
}
