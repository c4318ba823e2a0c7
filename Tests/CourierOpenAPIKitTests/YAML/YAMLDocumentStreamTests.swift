import CourierOpenAPIKit
import XCTest

final class YAMLDocumentStreamTests: XCTestCase {
    func test_readStream_returnsEveryDocument() throws {
        let yaml = """
            %YAML 1.2
            ---
            a: 1
            ...
            --- b
            ---
            # an empty document
            ...
            plain after the end marker
            """
        XCTAssertEqual(
            try YAMLReader.readStream(Array(yaml.utf8)),
            [object(["a": .number("1")]), .string("b"), .null, .string("plain after the end marker")])
    }

    func test_read_returnsTheFirstDocument() throws {
        XCTAssertEqual(try readYAML("--- 1\n--- 2\n"), .number("1"))
    }

    func test_emptyStream_hasNoDocument_andReadsAsNull() throws {
        XCTAssertEqual(try YAMLReader.readStream(Array("# only a comment\n".utf8)), [])
        XCTAssertEqual(try readYAML(""), .null)
    }

    func test_read_reportsAnErrorInALaterDocument() {
        assertYAMLError("--- 1\n--- [\n", line: 3, column: 1, contains: "found the end of the stream")
    }

    func test_directiveAfterADocumentWithoutEndMarker_isAnError() {
        assertYAMLError("a: 1\n%YAML 1.2\n---\n", line: 2, column: 1, contains: "'...'")
    }

    func test_repeatedDirectives_areErrors() {
        assertYAMLError("%YAML 1.2\n%YAML 1.2\n---\na\n", line: 2, column: 1, contains: "at most one %YAML")
        assertYAMLError("%TAG !e! x:\n%TAG !e! y:\n---\na\n", line: 2, column: 1, contains: "declared twice")
    }

    func test_reservedDirective_isIgnored() throws {
        XCTAssertEqual(try readYAML("%FOO bar baz\n--- a\n"), .string("a"))
    }

    func test_unsupportedYAMLVersion_isAnError() {
        assertYAMLError("%YAML 2.0\n---\na\n", line: 1, column: 7, contains: "not supported")
    }

    func test_contentAfterEndMarker_onItsLine_isAnError() {
        assertYAMLError("a: 1\n... b\n", line: 2, column: 5, contains: "'...'")
    }

    func test_contentAfterTheRootNode_isAnError() {
        assertYAMLError("'a'\n'b'\n", line: 2, column: 1, contains: "expected the end of the document")
        assertYAMLError("a: 1\n- b\n", line: 2, column: 1, contains: "expected a key")
    }
}
