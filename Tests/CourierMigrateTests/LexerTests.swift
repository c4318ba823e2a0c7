import XCTest

@testable import courier_migrate

final class LexerTests: XCTestCase {
    func test_tokens_joinedGiveBackTheSourceByteForByte() throws {
        // Given
        let source =
            "\u{FEFF}import Moya\r\n\tlet a = #\"x\"# /* c /* d */ */ // e\r\nlet é = \"\"\"\n  \\(b) \"\n  \"\"\" + `default`\n"

        // When
        let tokens = try Lexer.tokens(of: source)

        // Then
        XCTAssertEqual(tokens.map(\.text).joined(), source)
    }

    func test_stringLiterals_ofEveryForm_areOneTokenEach() throws {
        // Given
        let literals = [
            #""a \"MoyaProvider\" b""#,
            ##"#"a "Task" \(not) b"#"##,
            ###"##"a "# still "##"###,
            "\"\"\"\n  Task \" \"\" MoyaError\n  \"\"\"",
            "#\"\"\"\n  \"\"\" not the end\n  \"\"\"#",
            #""a \(f("b \(g("c")) d")) e""#,
            ##"#"raw \#(value + "x") end"#"##,
            "#/a\"b/#",
        ]
        for literal in literals {
            // When
            let tokens = try Lexer.tokens(of: "x = \(literal)\n")

            // Then
            XCTAssertEqual(tokens.filter { $0.kind == .string }.map(\.text), [literal], literal)
        }
    }

    func test_nestedBlockComment_isOneToken() throws {
        // When
        let tokens = try Lexer.tokens(of: "/* a /* MoyaProvider */ b */ Task")

        // Then
        XCTAssertEqual(tokens.map(\.kind), [.comment, .whitespace, .identifier])
    }

    func test_lineNumbers_countLineBreaksInsideLiteralsAndComments() throws {
        // When
        let tokens = try Lexer.tokens(of: "a\n\"\"\"\nx\n\"\"\"\n/* \n */ b\r\nc")

        // Then
        let lines = tokens.filter { $0.kind == .identifier }.map(\.line)
        XCTAssertEqual(lines, [1, 6, 7])
    }

    func test_unterminatedLiterals_throwWithTheLineTheyStartOn() {
        // Given
        let sources: [(String, String, Int)] = [
            ("let a = 1\nlet b = \"open\nlet c = 2\n", "unterminated string literal", 2),
            ("let a = \"\"\"\n text\n", "unterminated string literal", 1),
            ("a\nb\n/* /* */ c", "unterminated block comment", 3),
            ("let a = \"x \\(f(\"y\")\"\n", "unterminated string literal", 1),
            ("let a = #\"x\"\n", "unterminated string literal", 1),
            ("let `a = 1\n", "unterminated backquoted identifier", 1),
        ]
        for (source, reason, line) in sources {
            // When / Then
            XCTAssertThrowsError(try Lexer.tokens(of: source), source) { error in
                XCTAssertEqual(error as? LexError, LexError(line: line, reason: reason), source)
            }
        }
    }

    func test_deeplyNestedInterpolations_throwInsteadOfExhaustingTheStack() {
        // Given
        let source = "let a = " + String(repeating: "\"\\(", count: 10_000) + String(repeating: ")\"", count: 10_000)

        // When / Then
        XCTAssertThrowsError(try Lexer.tokens(of: source)) { error in
            XCTAssertEqual(error as? LexError, LexError(line: 1, reason: "string interpolations nested too deeply"))
        }
    }

    func test_sanity_rejectsUnbalancedBracketsAndConflictMarkers() throws {
        // Given
        let broken = ["func a() {\n", "let a = [1, 2)\n", "<<<<<<< HEAD\nlet a = 1\n=======\nlet a = 2\n>>>>>>> b\n"]
        for source in broken {
            // When
            let problem = SourceSanity.problem(in: try Lexer.tokens(of: source))

            // Then
            XCTAssertNotNil(problem, source)
        }
        let conditional = "#if os(Linux)\nfunc a() {\n#else\nfunc a() {\n#endif\n}\n"
        XCTAssertNil(SourceSanity.problem(in: try Lexer.tokens(of: conditional)))
    }
}
