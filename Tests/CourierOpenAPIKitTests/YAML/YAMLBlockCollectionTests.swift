import CourierOpenAPIKit
import XCTest

final class YAMLBlockCollectionTests: XCTestCase {
    func test_blockMapping_nested_keepsDocumentOrder() throws {
        let yaml = """
            openapi: 3.0.3
            info:
              title: Pets
              version: v1
            paths: {}
            """
        XCTAssertEqual(
            try readYAML(yaml),
            object([
                "openapi": .string("3.0.3"),
                "info": object(["title": .string("Pets"), "version": .string("v1")]),
                "paths": object([:]),
            ]))
    }

    func test_blockSequence_ofScalarsAndMappings() throws {
        let yaml = """
            - a
            - name: id
              in: path
            -
              b
            """
        XCTAssertEqual(
            try readYAML(yaml),
            .array([.string("a"), object(["name": .string("id"), "in": .string("path")]), .string("b")]))
    }

    func test_compactNestedSequences_readAsNestedArrays() throws {
        XCTAssertEqual(
            try readYAML("- - a\n  - b\n- - - c\n"),
            .array([strings("a", "b"), .array([strings("c")])]))
    }

    func test_sequenceAtItsKeysIndentation_belongsToTheKey() throws {
        let yaml = """
            tags:
            - pets
            - store
            required:
            - id
            """
        XCTAssertEqual(try readYAML(yaml), object(["tags": strings("pets", "store"), "required": strings("id")]))
    }

    func test_emptyValues_areNull() throws {
        XCTAssertEqual(
            try readYAML("a:\nb: # nothing\nc:\n  -\n  - x\n"),
            object(["a": .null, "b": .null, "c": .array([.null, .string("x")])]))
    }

    func test_explicitKeys_readLikeImplicitOnes() throws {
        let yaml = """
            ? name
            : Rex
            ? |
              block key
            : 1
            ? lonely
            """
        XCTAssertEqual(
            try readYAML(yaml),
            object(["name": .string("Rex"), "block key\n": .number("1"), "lonely": .null]))
    }

    func test_comments_everywhereTheyAreAllowed_areIgnored() throws {
        let yaml = """
            # heading
            a: 1 # after a value
            # between entries
            b: # after a key
              - x # after an entry
              # inside a sequence
              - y
            c: "#not a comment" # but this is
            d: value#not a comment either
            """
        XCTAssertEqual(
            try readYAML(yaml),
            object([
                "a": .number("1"), "b": strings("x", "y"), "c": .string("#not a comment"),
                "d": .string("value#not a comment either"),
            ]))
    }

    func test_lessIndentedLine_closesTheInnerMappings() throws {
        let yaml = """
            a:
              b:
                c: 1
              d: 2
            e: 3
            """
        XCTAssertEqual(
            try readYAML(yaml),
            object(["a": object(["b": object(["c": .number("1")]), "d": .number("2")]), "e": .number("3")]))
    }

    func test_lineAtNoOpenIndentation_isAnError() {
        assertYAMLError("a:\n    b: 1\n  c: 2\n", line: 3, column: 3, contains: "expected a key")
    }

    func test_keyWithoutColon_atMappingIndentation_isAnError() {
        assertYAMLError("a: 1\nb\nc: 2\n", line: 2, column: 1, contains: "expected ':'")
    }

    func test_tabAsIndentation_isAnError() {
        assertYAMLError("a:\n\tb: 1\n", line: 2, column: 1, contains: "tab")
    }

    func test_tabAfterIndicator_separatesLikeASpace() throws {
        XCTAssertEqual(try readYAML("- a:\tb\n-\tc\n"), .array([object(["a": .string("b")]), .string("c")]))
    }
}
