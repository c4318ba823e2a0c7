import CourierOpenAPIKit
import XCTest

final class YAMLPlainScalarTests: XCTestCase {
    func test_multiLinePlainScalar_foldsBreaksIntoSpaces_andEmptyLinesIntoNewlines() throws {
        let yaml = """
            description: Returns all pets
              from the system
              that the user has access to.

              Second paragraph.
            next: 1
            """
        XCTAssertEqual(
            try readYAML(yaml),
            object([
                "description": .string(
                    "Returns all pets from the system that the user has access to.\nSecond paragraph."),
                "next": .number("1"),
            ]))
    }

    func test_plainScalar_keepsInnerSpacesAndDropsTrailingOnes() throws {
        XCTAssertEqual(try readYAML("a: one  two   \nb: x"), object(["a": .string("one  two"), "b": .string("x")]))
    }

    func test_plainScalar_holdsIndicatorsThatDoNotStartIt() throws {
        XCTAssertEqual(
            try readYAML("a: -1x\nb: ?q\nc: :x\nd: 'x: y'\n"),
            object(["a": .string("-1x"), "b": .string("?q"), "c": .string(":x"), "d": .string("x: y")]))
    }

    func test_plainScalarWithColonSpace_isAnError() {
        assertYAMLError("a: x: y\n", line: 1, column: 5, contains: "mapping value")
    }

    func test_reservedIndicator_cannotStartAPlainScalar() {
        assertYAMLError("a: @me\n", line: 1, column: 4, contains: "reserved")
    }

    func test_multiLineImplicitKey_isAnError() {
        XCTAssertNotNil(yamlError("a\nb: c\n"))
    }

    func test_commentLine_endsAMultiLinePlainScalar() {
        XCTAssertNotNil(yamlError("a: b\n# c\n  d\n"))
    }
}
