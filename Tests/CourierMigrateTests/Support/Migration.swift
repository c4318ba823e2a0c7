import XCTest

@testable import courier_migrate

/// What `FileMigrator` made of a source text, for assertions.
struct Migration {
    let text: String
    let rewrites: Int
    let notes: [HandNote]

    /// Migrates `source`; fails the test when the file was not migrated.
    init(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .migrated(let text, let rewrites, let notes) = FileMigrator.migrate(source) else {
            XCTFail("not migrated: \(FileMigrator.migrate(source))", file: file, line: line)
            self.init(text: source, rewrites: 0, notes: [])
            return
        }
        self.init(text: text, rewrites: rewrites, notes: notes)
    }

    private init(text: String, rewrites: Int, notes: [HandNote]) {
        self.text = text
        self.rewrites = rewrites
        self.notes = notes
    }

    /// The errors of typechecking the migrated text as `file` in Swift 5 and Swift 6 language
    /// modes, by mode: `[5: [], 6: []]` when it compiles in both.
    func compileErrors(as file: String) throws -> [Int: [SwiftCompiler.Diagnostic]] {
        let folder = try TemporaryFolder()
        try folder.write(text, to: file)
        var errors: [Int: [SwiftCompiler.Diagnostic]] = [:]
        for languageMode in [5, 6] {
            errors[languageMode] = try SwiftCompiler.typecheck([file], in: folder.url, languageMode: languageMode)
        }
        return errors
    }

    /// The advice of each note, prefixed by its line: `12: …`.
    var noteLines: [String] { notes.map { "\($0.line): \($0.advice)" } }
}
