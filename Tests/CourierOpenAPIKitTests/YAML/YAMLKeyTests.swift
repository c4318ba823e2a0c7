import CourierOpenAPIKit
import XCTest

final class YAMLKeyTests: XCTestCase {
    func test_duplicateKey_isReportedAtTheSecondOne_namingTheFirst() {
        let yaml = """
            paths:
              /pets:
                get: {}
              /users: {}
              /pets:
                post: {}
            """
        assertYAMLError(yaml, line: 5, column: 3, contains: "duplicate key '/pets' (first at line 2)")
    }

    func test_duplicateKeyInAFlowMapping_isReported() {
        assertYAMLError("{a: 1, b: 2, a: 3}", line: 1, column: 14, contains: "duplicate key 'a'")
    }

    func test_keysThatReadTheSame_areDuplicates() {
        assertYAMLError("200: a\n'200': b\n", line: 2, column: 1, contains: "duplicate key '200'")
    }

    func test_sameKeyInDifferentMappings_isFine() throws {
        XCTAssertEqual(
            try readYAML("a: {x: 1}\nb: {x: 2}\n"),
            object(["a": object(["x": .number("1")]), "b": object(["x": .number("2")])]))
    }

    func test_collectionAsKey_isAnErrorAtItsPosition() {
        assertYAMLError("a: 1\n[b, c]: 2\n", line: 2, column: 1, contains: "key must be a scalar")
        assertYAMLError("? - x\n: 1\n", line: 1, column: 3, contains: "key must be a scalar")
        assertYAMLError("s: &s [1]\n*s : 2\n", line: 2, column: 1, contains: "names a collection")
    }

    func test_aliasToAScalar_isAKey() throws {
        XCTAssertEqual(try readYAML("- &k id\n- {*k : 1}\n"), .array([.string("id"), object(["id": .number("1")])]))
    }
}
