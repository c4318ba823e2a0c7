import XCTest

/// Compiles the migrated corpus against the modules this build made, app by app, in Swift 5 and
/// Swift 6 language modes. An error on a line the tool marked as needing a hand is expected;
/// any other error fails the test, listed as `App/File.swift:line: error: message`.
final class CorpusCompileTests: XCTestCase {
    func test_migratedCorpus_compilesInSwift5Mode() throws {
        try checkCompiles(languageMode: 5)
    }

    func test_migratedCorpus_compilesInSwift6Mode() throws {
        try checkCompiles(languageMode: 6)
    }

    private func checkCompiles(languageMode: Int) throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["COURIER_CORPUS_COMPILE"] == "0",
            "COURIER_CORPUS_COMPILE=0: the corpus is compiled in the run without ThreadSanitizer")
        // Given
        let migrated = try Corpus.migrated.get()
        let handLines = migrated.handLines
        var unexpected: [SwiftCompiler.Diagnostic] = []

        for app in try Corpus.compiledApps {
            // When
            let files = try Corpus.swiftFiles(in: migrated.folder.url.appendingPathComponent(app)).map {
                "\(app)/\($0)"
            }
            let errors = try SwiftCompiler.typecheck(files, in: migrated.folder.url, languageMode: languageMode)

            // Then
            unexpected += errors.filter { !handLines.contains($0.place) }
        }
        XCTAssertTrue(
            unexpected.isEmpty,
            "The migrated corpus does not compile in Swift \(languageMode) mode:\n"
                + unexpected.map(\.description).joined(separator: "\n"))
    }
}
