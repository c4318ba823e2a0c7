import CourierTestSupport
import Foundation
import XCTest

/// Builds the clients generated from the test documents as an app builds them, runs them against stubs
/// and sends every operation to a recording server whose requests the OpenAPI judge checks against the
/// document (`../shared/tools/openapi-judge`, in the virtual environment `scripts/test.sh` makes).
final class GeneratedClientTests: XCTestCase {
    /// The runner program, built once for the tests that run it.
    private static let program = Locked<URL?>(nil)

    /// The clients are built and run once, in the test run without sanitizers (`COURIER_CORPUS_COMPILE=0`
    /// in the sanitized runs): a sanitized copy adds minutes and no race.
    override func setUpWithError() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["COURIER_CORPUS_COMPILE"] == "0",
            "COURIER_CORPUS_COMPILE=0: the generated clients are built in the run without sanitizers")
    }

    private func generation() throws -> GeneratedClients.Generation {
        try GeneratedClients.Generation()
    }

    private func runner() throws -> URL {
        if let built = Self.program.value, FileManager.default.fileExists(atPath: built.path) { return built }
        let generation = try generation()
        let clients = generation.folder.appendingPathComponent("Clients.swift")
        try Data(GeneratedClients.clientsSource().utf8).write(to: clients)
        let program = generation.folder.appendingPathComponent("sample-runner")
        let build = try SwiftBuild.program(
            generation.files + [clients] + (try Self.runnerSources()), output: program, in: .swift6)
        guard build.succeeded else {
            XCTFail(build.output)
            throw XCTSkip("the runner did not build")
        }
        Self.program.withLock { $0 = program }
        return program
    }

    /// The runner's files and the recording server's, which the runner's `capture` starts.
    private static func runnerSources() throws -> [URL] {
        let root = DocumentExamples.root
        return try ["Tests/CourierOpenAPITests/Runner", "Tests/CourierTestSupport/RecordingServer"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil
            ).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        }
    }

    func test_generatedClients_buildWithNoErrorAndNoWarning_inEveryConfiguration() throws {
        // Given
        let files = try generation().files

        // When
        let problems = try SwiftBuild.inEveryConfiguration { configuration in
            let outcome = try SwiftBuild.compile(files, moduleName: "Generated", in: configuration)
            let found = outcome.errors + outcome.warnings
            return outcome.succeeded && found.isEmpty
                ? [] : ["\(configuration):"] + (found.isEmpty ? [outcome.output] : Array(found.prefix(40)))
        }

        // Then
        XCTAssertTrue(problems.isEmpty, problems.joined(separator: "\n"))
    }

    /// Xcode 16's compiler (Swift 6.0) builds the `#else` half of every file, which does not say
    /// `nonisolated`: that half, made the active one, builds in Swift 5 and Swift 6 modes.
    func test_generatedClients_halfForSwift6_0_buildsWithNoErrorAndNoWarning() throws {
        // Given
        let generation = try generation()
        let folder = generation.folder.appendingPathComponent("swift-6.0-view")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [URL] = []
        for file in generation.files {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.contains("#if compiler(>=6.2)\n"), file.lastPathComponent)
            let copy = folder.appendingPathComponent(
                "\(file.deletingLastPathComponent().lastPathComponent)-\(file.lastPathComponent)")
            try Data(text.replacingOccurrences(of: "#if compiler(>=6.2)\n", with: "#if compiler(>=99)\n").utf8).write(
                to: copy)
            files.append(copy)
        }

        // When
        let problems = try [LanguageConfiguration.swift5, .swift6].flatMap { configuration in
            let outcome = try SwiftBuild.compile(files, moduleName: "Generated", in: configuration)
            let found = outcome.errors + outcome.warnings
            return outcome.succeeded && found.isEmpty
                ? [] : ["\(configuration):"] + (found.isEmpty ? [outcome.output] : Array(found.prefix(40)))
        }

        // Then
        XCTAssertTrue(problems.isEmpty, problems.joined(separator: "\n"))
    }

    func test_everyTypedTarget_answersFromItsSampleData_withAValueThatDecodes() throws {
        // Given
        let program = try runner()

        // When
        let run = try CapturedProcess.run(program, ["stubs"])

        // Then
        XCTAssertTrue(run.exitedCleanly, run.output)
        XCTAssertFalse(run.output.contains("FAIL"), run.output)
        for document in GeneratedClients.documents {
            XCTAssertTrue(run.output.contains("\(document): 0 typed samples failed"), run.output)
        }
    }

    func test_everyOperation_sendsARequestTheJudgeFindsValid_underStrict() throws {
        let judge = try OpenAPIJudge.located()
        let program = try runner()
        for document in GeneratedClients.documents {
            // Given
            let log = FileManager.default.temporaryDirectory.appendingPathComponent(
                "requests-\(UUID().uuidString).jsonl")
            defer { try? FileManager.default.removeItem(at: log) }

            // When
            let run = try CapturedProcess.run(program, ["capture", document, log.path])

            // Then
            XCTAssertTrue(run.exitedCleanly && run.output.contains("failed: 0"), "\(document): \(run.output)")
            let base = run.output.split(separator: "\n").first { $0.hasPrefix("base: ") }?.dropFirst(6)
            let baseURL = try XCTUnwrap(base.flatMap { URL(string: String($0)) }, run.output)
            let verdict = try judge.check(
                document: GeneratedClients.documentsFolder.appendingPathComponent("\(document).json"), log: log,
                baseURL: baseURL)
            let captured = run.output.split(separator: "\n").first { $0.hasPrefix("captured: ") }?.dropFirst(10)
            XCTAssertEqual(verdict.checked, captured.flatMap { Int($0) }, "\(document): \(verdict.output)")
            XCTAssertGreaterThan(verdict.checked, 0, document)
            XCTAssertTrue(verdict.allValid, "\(document):\n\(verdict.output)")
        }
    }
}
