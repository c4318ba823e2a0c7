import CourierTestSupport
import Foundation
import XCTest

/// Builds the app-shaped corpus of `Tests/AppCorpus` (see its README) in the four configurations
/// apps use, and runs it: no error and no warning anywhere, and every callback where the
/// documentation says, checked by the corpus's own runner with Swift's run-time isolation checks
/// set to stop the process.
final class AppCorpusTests: XCTestCase {
    private static let corpus = DocumentExamples.root.appendingPathComponent("Tests/AppCorpus")
    /// The corpus's apps: each is built as its own module, and all run in one program.
    private static let apps = ["Shop", "Journal"]

    private func swiftFiles(in folder: String, excluding excluded: Set<String> = []) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: Self.corpus.appendingPathComponent(folder), includingPropertiesForKeys: nil
        )
        .filter { $0.pathExtension == "swift" && !excluded.contains($0.lastPathComponent) }
        .sorted { $0.path < $1.path }
    }

    /// The corpus is Xcode 26 app code (`nonisolated` types, main-actor default isolation): Xcode
    /// 16's compilers cannot build it, as they cannot build the apps it stands for.
    private func skipBeforeXcode26Compilers() throws {
        try XCTSkipUnless(
            LanguageConfiguration.compilerIsXcode26,
            "the app corpus is Xcode 26 app code and needs a Swift 6.2 compiler")
    }

    func test_appCorpus_buildsWithNoErrorAndNoWarning_inEveryConfiguration() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["COURIER_CORPUS_COMPILE"] == "0",
            "COURIER_CORPUS_COMPILE=0: the corpus is compiled in the run without ThreadSanitizer")
        try skipBeforeXcode26Compilers()
        var report: [String] = []
        for app in Self.apps {
            // Given
            let files = try swiftFiles(in: app)

            for configuration in LanguageConfiguration.allCases {
                // When
                let outcome = try SwiftBuild.compile(files, moduleName: app, in: configuration)

                // Then
                let diagnostics = outcome.errors + outcome.warnings
                if !outcome.succeeded || !diagnostics.isEmpty {
                    report.append(
                        "\(app), \(configuration): \(outcome.errors.count) errors, \(outcome.warnings.count) warnings")
                    report += diagnostics.isEmpty ? [outcome.output] : diagnostics
                }
            }
        }
        XCTAssertTrue(report.isEmpty, report.joined(separator: "\n"))
    }

    /// Each file of `Refused/` says, in its first line, the error it must get:
    /// `// expected error: "…"`. It is built with the app, in Swift 6 mode with Xcode 26's settings.
    func test_refusedShapes_failToBuild_withTheErrorTheyName() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["COURIER_CORPUS_COMPILE"] == "0",
            "COURIER_CORPUS_COMPILE=0: the corpus is compiled in the run without ThreadSanitizer")
        try skipBeforeXcode26Compilers()
        let app = try swiftFiles(in: "Shop")
        for file in try swiftFiles(in: "Refused") {
            // Given
            let firstLine = try String(contentsOf: file, encoding: .utf8).prefix { $0 != "\n" }
            let parts = firstLine.split(separator: "\"", omittingEmptySubsequences: false)
            XCTAssertTrue(firstLine.hasPrefix("// expected error: \"") && parts.count >= 3, file.lastPathComponent)
            guard parts.count >= 3 else { continue }

            // When
            let outcome = try SwiftBuild.compile(app + [file], moduleName: "Shop", in: .swift6Xcode26)

            // Then
            XCTAssertFalse(outcome.succeeded, "\(file.lastPathComponent) built")
            XCTAssertTrue(
                outcome.errors.contains { $0.contains(file.lastPathComponent) && $0.contains(parts[1]) },
                "\(file.lastPathComponent):\n\(outcome.errors.joined(separator: "\n"))")
        }
    }

    func test_appCorpus_runs_withCallbacksWhereDocumented_inEveryConfiguration_swift5OnlyUnderASanitizer() throws {
        try skipBeforeXcode26Compilers()
        // Given: the apps' code without their Swift Testing suites, and the runner
        let files =
            try Self.apps.flatMap { app in try swiftFiles(in: app, excluding: ["\(app)Tests.swift"]) }
            + swiftFiles(in: "Runner")
        let httpbin = try HTTPBin.baseURL()
        let sanitizer = SanitizedRun.sanitizer
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        // Under ThreadSanitizer, the two Swift 5 configurations only: there the compiler checks the
        // app code for data races least, and the run without a sanitizer ran all four.
        let configurations = LanguageConfiguration.allCases.filter { sanitizer == nil || $0.languageMode == 5 }
        for configuration in configurations {
            // When
            let program = scratch.appendingPathComponent("shop-runner-\(configuration.slug)")
            let build = try SwiftBuild.program(files, output: program, in: configuration, sanitizer: sanitizer)
            XCTAssertTrue(build.succeeded, "\(configuration): \(build.output)")
            guard build.succeeded else { continue }
            var environment = ProcessInfo.processInfo.environment
            environment["COURIER_HTTPBIN_URL"] = httpbin.absoluteString
            // A closure isolated to an actor that runs elsewhere stops the program, not a warning.
            environment["SWIFT_UNEXPECTED_EXECUTOR_LOG_LEVEL"] = "2"
            let run = try CapturedProcess.run(
                URL(fileURLWithPath: "/usr/bin/timeout"), ["-k", "5", "120", program.path], environment: environment)

            // Then
            XCTAssertTrue(run.exitedCleanly, "\(configuration):\n\(run.output)")
            XCTAssertTrue(run.output.contains("all checks passed"), "\(configuration):\n\(run.output)")
            XCTAssertTrue(run.output.contains("ok: real transfer"), "\(configuration):\n\(run.output)")
            XCTAssertFalse(run.output.contains("WARNING: ThreadSanitizer"), "\(configuration):\n\(run.output)")
        }
    }
}
