import CourierOpenAPIKit
import XCTest

final class YAMLTagTests: XCTestCase {
    func test_standardTags_setTheValuesKind() throws {
        let yaml = """
            - !!str 123
            - !!int "42"
            - !!float 1
            - !!bool "true"
            - !!null ""
            - !!binary R0lGODlh
            - !!map {a: 1}
            - !!seq [1]
            - !!str
            - !!timestamp 2001-12-14
            """
        XCTAssertEqual(
            try readYAML(yaml),
            .array([
                .string("123"), .number("42"), .number("1"), .bool(true), .null, .string("R0lGODlh"),
                object(["a": .number("1")]), .array([.number("1")]), .string(""), .string("2001-12-14"),
            ]))
    }

    func test_localAndUnknownTags_keepTheValueAsItsNodeKind() throws {
        XCTAssertEqual(
            try readYAML("- !custom 12\n- !thing {a: b}\n- ! 12\n- !<tag:example.com,2000:x> 12\n"),
            .array([.string("12"), object(["a": .string("b")]), .string("12"), .string("12")]))
    }

    func test_tagDirective_definesAHandle() throws {
        XCTAssertEqual(
            try readYAML("%TAG !e! tag:yaml.org,2002:\n---\n- !e!str 1\n- !e!int '2'\n"),
            .array([.string("1"), .number("2")]))
    }

    func test_tagThatDoesNotFit_isAnError() {
        assertYAMLError("- !!int abc\n", line: 1, column: 3, contains: "!!int")
        assertYAMLError("- !!map [1]\n", line: 1, column: 3, contains: "!!map")
        assertYAMLError("- !!seq x\n", line: 1, column: 3, contains: "!!seq")
    }

    func test_undeclaredHandle_isAnError() {
        assertYAMLError("- !e!x 1\n", line: 1, column: 3, contains: "not declared")
    }
}
