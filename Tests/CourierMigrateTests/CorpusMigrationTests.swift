import XCTest

@testable import courier_migrate

/// Runs `courier-migrate` over the corpus and compares the result with the expected files.
final class CorpusMigrationTests: XCTestCase {
    func test_corpus_migratesToTheExpectedFiles() throws {
        // Given
        let migrated = try Corpus.migrated.get()

        // When
        let files = try Corpus.swiftFiles(in: migrated.folder.url)

        // Then
        XCTAssertEqual(files, try Corpus.swiftFiles(in: Corpus.expected))
        for file in files {
            let actual = try migrated.folder.read(file)
            let expected = try String(contentsOf: Corpus.expected.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(actual, expected, "\(file) differs from Expected/\(file)")
        }
    }

    func test_corpus_printsTheExpectedNotesAndSummary() throws {
        // Given
        let migrated = try Corpus.migrated.get()

        // When
        let output = migrated.run.standardOutput

        // Then
        XCTAssertEqual(migrated.run.status, 0)
        XCTAssertEqual(output, try String(contentsOf: Corpus.expectedOutput, encoding: .utf8))
        XCTAssertEqual(migrated.run.lines.last, "courier-migrate: 37 files, 208 rewrites, 21 places need a hand")
    }

    func test_corpus_secondRun_rewritesNothing() throws {
        // Given
        let migrated = try Corpus.migrated.get()
        let second = try TemporaryFolder()
        for file in try Corpus.swiftFiles(in: migrated.folder.url) {
            try second.write(try migrated.folder.read(file), to: file)
        }

        // When
        let run = try Command.migrate(["."], in: second.url)

        // Then
        XCTAssertEqual(run.lines, ["courier-migrate: 37 files, 0 rewrites, 0 places need a hand"])
        for file in try Corpus.swiftFiles(in: second.url) {
            XCTAssertEqual(try second.read(file), try migrated.folder.read(file), file)
        }
    }

    func test_corpus_stringLiteralsAndComments_areUntouched() throws {
        // Given
        let migrated = try Corpus.migrated.get()

        for file in try Corpus.swiftFiles(in: Corpus.input) {
            // When
            let before = try Lexer.tokens(
                of: String(contentsOf: Corpus.input.appendingPathComponent(file), encoding: .utf8))
            let after = try Lexer.tokens(of: migrated.folder.read(file))

            // Then
            let kept: (Token) -> Bool = { $0.kind == .string || $0.kind == .comment }
            XCTAssertEqual(after.filter(kept).map(\.text), before.filter(kept).map(\.text), file)
        }
    }
}
