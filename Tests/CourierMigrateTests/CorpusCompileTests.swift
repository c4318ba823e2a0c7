import CourierTestSupport
import Foundation
import XCTest

/// Builds the migrated corpus against the modules this build made, app by app, in the four
/// configurations apps build with (``LanguageConfiguration``), with real builds (`swiftc -c`: a
/// type-check misses the data-race checks of region isolation). An app's tests (`*Tests.swift`) are
/// its test target: a module of their own that imports the app with `@testable import`, built as
/// Xcode 26 builds test targets (``LanguageConfiguration/testTargetArguments``).
///
/// An error on a line the tool marked as needing a hand is expected; any other error fails the
/// test, and so does any warning but the few of ``warningsMoyaGivesToo``, listed as
/// `Swift 6: App/File.swift:line: error: message`.
final class CorpusCompileTests: XCTestCase {
    /// Warnings the same code gets with Moya, which no rewrite can remove, by configuration and
    /// place, each with the reason.
    ///
    /// Swift 5 + Xcode 26 settings: a main-actor initializer's default argument
    /// `= Provider<API>()` (Moya: `= MoyaProvider<API>()`) uses the target's main-actor conformance
    /// to `TargetType`. Swift 5 mode evaluates default arguments outside the caller's actor (SE-0411's
    /// isolated default values come with Swift 6 mode), so Swift warns, for Moya's generic provider
    /// as for Courier's; in Swift 6 mode the same line is clean.
    static let warningsMoyaGivesToo: [LanguageConfiguration: Set<String>] = [
        .swift5Xcode26: ["Courtside/LiveScoresViewModel.swift:27", "Ledger/LedgerClient.swift:44"]
    ]

    func test_migratedCorpus_buildsWithErrorsOnlyWhereTheToolSaid_andNoWarning_inEveryConfiguration() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["COURIER_CORPUS_COMPILE"] == "0",
            "COURIER_CORPUS_COMPILE=0: the corpus is compiled in the run without ThreadSanitizer")
        // Given
        let migrated = try Corpus.migrated.get()
        let handLines = migrated.handLines
        let folder = migrated.folder.url
        let apps = try Corpus.compiledApps

        // When: the configurations are built at once, two by two on two cores
        let found = try SwiftBuild.inEveryConfiguration { configuration in
            try apps.flatMap { app in
                try Self.build(app, in: folder, configuration).map { (configuration, $0) }
            }
        }

        // Then
        let unexpected = found.filter { configuration, diagnostic in
            diagnostic.isError
                ? !handLines.contains(diagnostic.place)
                : !(Self.warningsMoyaGivesToo[configuration] ?? []).contains(diagnostic.place)
        }
        XCTAssertTrue(
            unexpected.isEmpty,
            "The migrated corpus does not build cleanly:\n"
                + unexpected.map { "\($0): \($1)" }.joined(separator: "\n"))
    }

    /// The errors and warnings of building `app` in `configuration`: its code as one module, then
    /// its tests, if it has any, as a test target importing it.
    static func build(_ app: String, in folder: URL, _ configuration: LanguageConfiguration) throws
        -> [SwiftBuild.Diagnostic]
    {
        let files = try Corpus.swiftFiles(in: folder.appendingPathComponent(app)).map {
            folder.appendingPathComponent(app).appendingPathComponent($0)
        }
        let tests = files.filter { $0.lastPathComponent.hasSuffix("Tests.swift") }
        let code = files.filter { !tests.contains($0) }
        guard !tests.isEmpty else {
            return try SwiftBuild.compile(code, moduleName: app, in: configuration).diagnostics(relativeTo: folder)
        }
        let modules = try TemporaryFolder()
        let built = try SwiftBuild.compile(code, moduleName: app, in: configuration, emittingModuleTo: modules.url)
        guard built.succeeded else { return built.diagnostics(relativeTo: folder) }
        let tested = try SwiftBuild.compile(
            tests, moduleName: app + "Tests", in: configuration, asTestTarget: true, importing: [modules.url])
        return built.diagnostics(relativeTo: folder) + tested.diagnostics(relativeTo: folder)
    }
}
