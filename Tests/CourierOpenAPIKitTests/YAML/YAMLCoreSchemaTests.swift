import CourierOpenAPIKit
import XCTest

final class YAMLCoreSchemaTests: XCTestCase {
    private func values(_ items: String...) throws -> [DocumentValue] {
        guard case .array(let values) = try readYAML("[" + items.joined(separator: ", ") + "]") else { return [] }
        return values
    }

    func test_nulls() throws {
        XCTAssertEqual(try values("null", "Null", "NULL", "~", ""), Array(repeating: .null, count: 4))
        XCTAssertEqual(try readYAML("a:\nb: ~"), object(["a": .null, "b": .null]))
    }

    func test_booleans_onlyTrueAndFalseInThreeCasings() throws {
        XCTAssertEqual(
            try values("true", "True", "TRUE", "false", "False", "FALSE"),
            [.bool(true), .bool(true), .bool(true), .bool(false), .bool(false), .bool(false)])
        XCTAssertEqual(
            try values("yes", "no", "on", "off", "y", "tRUE"),
            ["yes", "no", "on", "off", "y", "tRUE"].map(DocumentValue.string))
    }

    func test_integers_becomeDecimalJSONNumbers() throws {
        XCTAssertEqual(
            try values("0", "-0", "+12", "007", "-42", "0o17", "0x1F", "0xFFFFFFFFFFFFFFFFFF", "9223372036854775808"),
            ["0", "0", "12", "7", "-42", "15", "31", "4722366482869645213695", "9223372036854775808"].map(
                DocumentValue.number))
    }

    func test_floats_becomeJSONNumberText() throws {
        XCTAssertEqual(
            try values("1.5", "-.5", "+.5", "1.", "1e5", "1.5E-3", "00.25", "-0.0", "5.e+2"),
            ["1.5", "-0.5", "0.5", "1.0", "1e5", "1.5E-3", "0.25", "-0.0", "5.0e+2"].map(DocumentValue.number))
    }

    func test_infinityAndNaN_becomeTheirCanonicalStrings() throws {
        XCTAssertEqual(
            try values(".inf", "+.Inf", "-.INF", ".nan", ".NaN", ".NAN"),
            [".inf", ".inf", "-.inf", ".nan", ".nan", ".nan"].map(DocumentValue.string))
    }

    func test_yaml11Forms_stayStrings() throws {
        let forms = ["1_000", "0b101", "1:30", "2001-12-14", "0x", ".", "+", "1e", "+.nan", "0o8", "1.2.3"]
        XCTAssertEqual(
            try readYAML(forms.map { "- \($0)" }.joined(separator: "\n")),
            .array(forms.map(DocumentValue.string)))
    }

    func test_quotedAndBlockScalars_areAlwaysStrings() throws {
        XCTAssertEqual(try readYAML("- '1'\n- \"true\"\n- |-\n  null\n"), strings("1", "true", "null"))
    }

    func test_numberKeys_areTheirCanonicalText() throws {
        let yaml = """
            responses:
              200: ok
              0x10: hex
              1.50: float
              true: yes
              ~: nothing
            """
        XCTAssertEqual(
            try readYAML(yaml),
            object([
                "responses": object([
                    "200": .string("ok"), "16": .string("hex"), "1.50": .string("float"), "true": .string("yes"),
                    "null": .string("nothing"),
                ])
            ]))
    }

    func test_overlongHexadecimal_staysAString() throws {
        let digits = String(repeating: "F", count: 1001)
        XCTAssertEqual(try readYAML("0x" + digits), .string("0x" + digits))
    }
}
