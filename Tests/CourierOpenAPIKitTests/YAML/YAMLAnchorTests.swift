import CourierOpenAPIKit
import XCTest

final class YAMLAnchorTests: XCTestCase {
    func test_alias_repeatsTheAnchoredValue() throws {
        let yaml = """
            base: &base
              type: string
              enum: [a, b]
            copy: *base
            scalar: &s hello
            again: *s
            """
        let base = object(["type": .string("string"), "enum": strings("a", "b")])
        XCTAssertEqual(
            try readYAML(yaml),
            object(["base": base, "copy": base, "scalar": .string("hello"), "again": .string("hello")]))
    }

    func test_anchorRedefined_laterAliasesSeeTheNewValue() throws {
        XCTAssertEqual(
            try readYAML("- &a 1\n- *a\n- &a 2\n- *a\n"), .array(["1", "1", "2", "2"].map(DocumentValue.number)))
    }

    func test_mergeKey_addsTheMembersItsOwnKeysDoNotHave_mergedOnesFirst() throws {
        let yaml = """
            defaults: &defaults
              timeout: 30
              retries: 3
            service:
              name: api
              <<: *defaults
              retries: 5
            """
        XCTAssertEqual(
            try readYAML(yaml).objectMember("service"),
            object(["timeout": .number("30"), "retries": .number("5"), "name": .string("api")]))
    }

    func test_mergeKeyWithAList_firstMappingWins_asPyYAMLOrdersThem() throws {
        let yaml = """
            - &a {x: 1, y: 1}
            - &b {y: 2, z: 2}
            - <<: [*a, *b]
              w: 0
            """
        guard case .array(let items) = try readYAML(yaml) else { return XCTFail("not an array") }
        XCTAssertEqual(
            items[2], object(["y": .number("1"), "z": .number("2"), "x": .number("1"), "w": .number("0")]))
    }

    func test_twoMergeKeys_bothApply_beforeTheOwnKeys() throws {
        XCTAssertEqual(
            try readYAML("- &a {x: 1}\n- &b {y: 2}\n- {w: 0, <<: *a, v: 1, <<: *b}\n"),
            .array([
                object(["x": .number("1")]), object(["y": .number("2")]),
                object(["x": .number("1"), "y": .number("2"), "w": .number("0"), "v": .number("1")]),
            ]))
    }

    func test_quotedMergeKey_isAnOrdinaryKey() throws {
        XCTAssertEqual(try readYAML("'<<': 1\n"), object(["<<": .number("1")]))
    }

    func test_anchorNameMayHoldAColon_asYAML12Says() throws {
        // PyYAML ends the name at the colon and reads a null key instead.
        XCTAssertEqual(
            try readYAML("- &item:\n  name: a\n- *item:\n"),
            .array([object(["name": .string("a")]), object(["name": .string("a")])]))
    }

    func test_mergeKeyOfAScalar_isAnError() {
        assertYAMLError("a: &x 1\nb:\n  <<: *x\n", line: 3, column: 7, contains: "merge key")
    }

    func test_undefinedAlias_isAnError() {
        assertYAMLError("a: *nowhere\n", line: 1, column: 4, contains: "no anchor")
    }

    func test_aliasInsideItsOwnAnchor_isAnError() {
        assertYAMLError("a: &x\n  b: *x\n", line: 2, column: 6, contains: "cycle")
    }

    func test_anchorsDoNotCrossDocuments() {
        assertYAMLError("--- &a 1\n--- *a\n", line: 2, column: 5, contains: "no anchor")
    }
}

extension DocumentValue {
    /// The member `key` of an object, `.null` otherwise.
    fileprivate func objectMember(_ key: String) -> DocumentValue {
        if case .object(let object) = self { return object[key] ?? .null }
        return .null
    }
}
