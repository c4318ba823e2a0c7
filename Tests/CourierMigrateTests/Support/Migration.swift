import CourierTestSupport
import Foundation
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

    /// The errors and warnings of building the migrated text as `file` in each of the four
    /// configurations apps build with, as `Swift 6: file:line: error: message`: none when it
    /// builds cleanly everywhere.
    func diagnostics(as file: String) throws -> [String] {
        let folder = try TemporaryFolder()
        let url = try folder.write(text, to: file)
        return try SwiftBuild.inEveryConfiguration { configuration in
            let outcome = try SwiftBuild.compile([url], moduleName: "Migrated", in: configuration)
            return outcome.diagnostics(relativeTo: folder.url).map { "\(configuration): \($0)" }
        }
    }

    /// The advice of each note, prefixed by its line: `12: …`.
    var noteLines: [String] { notes.map { "\($0.line): \($0.advice)" } }
}
