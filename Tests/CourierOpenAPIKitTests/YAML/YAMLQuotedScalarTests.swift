import CourierOpenAPIKit
import XCTest

final class YAMLQuotedScalarTests: XCTestCase {
    func test_singleQuoted_doubledQuoteIsAQuote_andNothingElseIsEscaped() throws {
        XCTAssertEqual(try readYAML(#"'it''s \n # x'"#), .string(#"it's \n # x"#))
    }

    func test_doubleQuoted_everyEscape() throws {
        // `\` then a tab character is an escaped tab, too.
        let yaml = #""\0\a\b\t"# + "\\\t" + #"\n\v\f\r\e\ \"\/\\\N\_\L\P""#
        XCTAssertEqual(
            try readYAML(yaml),
            .string("\0\u{07}\u{08}\t\t\n\u{0B}\u{0C}\r\u{1B} \"/\\\u{85}\u{A0}\u{2028}\u{2029}"))
    }

    func test_doubleQuoted_hexAndUnicodeEscapes() throws {
        XCTAssertEqual(try readYAML(#""\x41\u00e9\U0001F600\ud83d\ude00""#), .string("Aé😀😀"))
    }

    func test_quotedScalars_foldLineBreaks() throws {
        let yaml = """
            a: "one
              two

              three "
            b: 'x
              y'
            """
        XCTAssertEqual(try readYAML(yaml), object(["a": .string("one two\nthree "), "b": .string("x y")]))
    }

    func test_doubleQuoted_escapedLineBreak_joinsWithoutSpace() throws {
        XCTAssertEqual(try readYAML("\"abc\\\n   def\""), .string("abcdef"))
    }

    func test_quotedKeys_areStringsWhateverTheirText() throws {
        XCTAssertEqual(try readYAML("'200': a\n\"true\": b\n"), object(["200": .string("a"), "true": .string("b")]))
    }

    func test_continuationAtTheKeysIndentation_isAccepted_asPyYAMLDoes() throws {
        let yaml = """
            - name: sort
              description: 'Sorts the results.
              Default: best match'
            """
        XCTAssertEqual(
            try readYAML(yaml),
            .array([
                object(["name": .string("sort"), "description": .string("Sorts the results. Default: best match")])
            ]))
    }

    func test_unknownEscape_isAnError() {
        assertYAMLError(#"a: "x\qy""#, line: 1, column: 6, contains: "unknown escape")
    }

    func test_unpairedSurrogate_isAnError() {
        assertYAMLError(#"a: "\ud83d""#, line: 1, column: 5, contains: "Unicode")
    }

    func test_unterminatedQuote_pointsAtItsStart() {
        assertYAMLError("a: 'open\nb: c\n", line: 1, column: 4, contains: "not closed")
    }

    func test_documentMarkerInsideQuotes_isAnError() {
        assertYAMLError("a: \"x\n---\ny\"\n", line: 2, column: 1, contains: "document marker")
    }
}
