import CourierOpenAPIKit
import XCTest

final class YAMLBlockScalarTests: XCTestCase {
    func test_literal_keepsLinesAndClipsTheLastBreak() throws {
        let yaml = "a: |\n  line 1\n    indented\n\n  line 3\n\n\nb: x\n"
        XCTAssertEqual(try readYAML(yaml), object(["a": .string("line 1\n  indented\n\nline 3\n"), "b": .string("x")]))
    }

    func test_chomping_stripClipKeep() throws {
        let yaml = "strip: |-\n  x\n\nclip: |\n  x\n\nkeep: |+\n  x\n\n"
        XCTAssertEqual(
            try readYAML(yaml), object(["strip": .string("x"), "clip": .string("x\n"), "keep": .string("x\n\n")]))
    }

    func test_folded_joinsLines_butKeepsMoreIndentedOnesAndEmptyLines() throws {
        let yaml = """
            a: >
              folded
              text

              next
                more indented
              back
            """
        XCTAssertEqual(try readYAML(yaml), object(["a": .string("folded text\nnext\n  more indented\nback")]))
    }

    func test_explicitIndentation_keepsLeadingSpaces() throws {
        XCTAssertEqual(try readYAML("a: |2\n    two more\n  base\n"), object(["a": .string("  two more\nbase\n")]))
        XCTAssertEqual(try readYAML("a: >1-\n  x\n"), object(["a": .string(" x")]))
        XCTAssertEqual(try readYAML("a: |+2\n  x\n"), object(["a": .string("x\n")]))
    }

    func test_headerComment_andLessIndentedCommentAfter_areNotContent() throws {
        let yaml = "a: | # header\n  x\n  # kept\n# comment\nb: 1\n"
        XCTAssertEqual(try readYAML(yaml), object(["a": .string("x\n# kept\n"), "b": .number("1")]))
    }

    func test_emptyBlockScalars() throws {
        XCTAssertEqual(try readYAML("a: |\nb: >+\n\n"), object(["a": .string(""), "b": .string("\n")]))
    }

    func test_leadingEmptyLineWiderThanContent_isAnError() {
        assertYAMLError("a: |\n     \n  x\n", line: 2, column: 6, contains: "more spaces")
    }

    func test_zeroIndentationIndicator_isAnError() {
        assertYAMLError("a: |0\n  x\n", line: 1, column: 5, contains: "1 to 9")
    }

    func test_textAfterHeader_isAnError() {
        assertYAMLError("a: | x\n", line: 1, column: 6, contains: "expected a comment")
    }
}
