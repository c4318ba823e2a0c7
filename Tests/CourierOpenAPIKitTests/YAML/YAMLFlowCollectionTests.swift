import CourierOpenAPIKit
import XCTest

final class YAMLFlowCollectionTests: XCTestCase {
    func test_flowCollections_nestedAndAcrossLines() throws {
        let yaml = """
            enum: [a, "b", 'c', [d, e], {f: g}]
            example: {
              id: 1,
              tags: [x,
                y],
            }
            """
        XCTAssertEqual(
            try readYAML(yaml),
            object([
                "enum": .array([
                    .string("a"), .string("b"), .string("c"), strings("d", "e"), object(["f": .string("g")]),
                ]),
                "example": object(["id": .number("1"), "tags": strings("x", "y")]),
            ]))
    }

    func test_jsonDocument_readsAsYAML() throws {
        let json = #"{"a": [1, 2.5, -3e2, true, false, null], "b": {"c": "d\u00e9"}, "e": []}"#
        XCTAssertEqual(
            try readYAML(json),
            object([
                "a": .array([.number("1"), .number("2.5"), .number("-3e2"), .bool(true), .bool(false), .null]),
                "b": object(["c": .string("dé")]), "e": .array([]),
            ]))
    }

    func test_adjacentValueAfterQuotedKey_needsNoSpace() throws {
        XCTAssertEqual(try readYAML(#"{"a":1,"b":[2]}"#), object(["a": .number("1"), "b": .array([.number("2")])]))
    }

    func test_flowMappingKeysWithoutValues_andSinglePairsInSequences() throws {
        XCTAssertEqual(
            try readYAML("- {a, b: 1}\n- [c: d, e]\n"),
            .array([
                object(["a": .null, "b": .number("1")]),
                .array([object(["c": .string("d")]), .string("e")]),
            ]))
    }

    func test_plainScalarsInFlow_stopAtIndicators_butKeepColonsInsideWords() throws {
        XCTAssertEqual(
            try readYAML("[http://x.io/a?b=c, a:b, 'q' ]"),
            .array([.string("http://x.io/a?b=c"), .string("a:b"), .string("q")]))
    }

    func test_closingBracketAtTheKeysIndentation_isAccepted() throws {
        let yaml = """
            schema:
              enum: [
                a,
                b
              ]
            """
        XCTAssertEqual(try readYAML(yaml), object(["schema": object(["enum": strings("a", "b")])]))
    }

    func test_flowLineNotIndentedPastItsKey_isAnError() {
        assertYAMLError("key: [a,\nb]\n", line: 2, column: 1, contains: "indented more")
    }

    func test_unclosedFlowSequence_saysWhatWasExpected() {
        assertYAMLError("a: [1, 2\n", line: 2, column: 1, contains: "expected ',' or ']'")
    }

    func test_missingComma_saysWhatWasExpected() {
        assertYAMLError("{a: 1 b: 2}", line: 1, column: 8, contains: "expected ',' or '}'")
    }

    func test_blockEntryInsideFlow_isAnError() {
        assertYAMLError("[\n - a\n]", line: 2, column: 2, contains: "flow collection")
    }
}
