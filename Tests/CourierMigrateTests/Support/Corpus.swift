import Foundation
import XCTest

/// The Moya-style corpus (`Corpus/`), what the tool must make of it (`Expected/`), and a migrated
/// copy made by the built `courier-migrate`.
enum Corpus {
    /// This test target's folder.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let input = testsFolder.appendingPathComponent("Corpus")
    static let expected = testsFolder.appendingPathComponent("Expected")
    /// What the tool prints for the corpus, run from its root as `courier-migrate .`.
    static let expectedOutput = expected.appendingPathComponent("courier-migrate-output.txt")

    /// The apps, one folder each.
    static var apps: [String] {
        get throws { try FileManager.default.contentsOfDirectory(atPath: input.path).sorted() }
    }

    /// Apps whose migrated code compiles with nothing but Courier: every app but Relay, whose
    /// reactive layer (RxSwift; Combine, which Linux lacks) and Alamofire-only code need a hand by design; its
    /// migration is checked by the expected files and the notes.
    static var compiledApps: [String] {
        get throws { try apps.filter { $0 != "Relay" } }
    }

    /// The `.swift` files under `folder`, relative to it, sorted.
    static func swiftFiles(in folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(path) }
        }
        return files.sorted()
    }

    /// A copy of the corpus migrated by `courier-migrate .`, and what the tool printed.
    final class Migrated: Sendable {
        let folder: TemporaryFolder
        let run: Command

        init() throws {
            folder = try TemporaryFolder()
            for app in try Corpus.apps {
                try FileManager.default.copyItem(
                    at: Corpus.input.appendingPathComponent(app), to: folder.url.appendingPathComponent(app))
            }
            run = try Command.migrate(["."], in: folder.url)
        }

        /// The lines (`file:line`) the tool marked as needing a hand, e.g. `Pantry/PantryRepository.swift:32`.
        var handLines: Set<String> {
            Set(
                run.lines.compactMap { line in
                    let parts = line.split(separator: ":", maxSplits: 2)
                    guard parts.count == 3, Int(parts[1]) != nil else { return nil }
                    return "\(parts[0].dropFirst(2)):\(parts[1])"
                })
        }
    }

    /// One migrated copy for the whole test process.
    static let migrated = Result { try Migrated() }
}
