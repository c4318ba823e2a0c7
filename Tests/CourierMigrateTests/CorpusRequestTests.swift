import CourierTestSupport
import Foundation
import XCTest

/// Builds each migrated corpus app with its runner (`Runners/<App>Requests.swift`), sends every
/// endpoint through a recording transport, and compares each request, byte for byte, with what
/// Moya 15 + Alamofire 5 send (`Fixtures/MoyaRequests/<App>.txt`, derived from their source).
final class CorpusRequestTests: XCTestCase {
    func test_everyEndpoint_sendsTheBytesMoyaSends() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["COURIER_CORPUS_COMPILE"] == "0",
            "COURIER_CORPUS_COMPILE=0: the corpus is compiled in the run without ThreadSanitizer")
        // Given
        let migrated = try Corpus.migrated.get()
        var failures: [String] = []

        for app in try Corpus.compiledApps {
            // When
            let sent: String
            do {
                sent = try requests(of: app, in: migrated.folder)
            } catch let error as BuildFailure {
                failures.append("\(app) does not build:\n" + error.output)
                continue
            }

            // Then
            let fixture = Corpus.testsFolder.appendingPathComponent("Fixtures/MoyaRequests/\(app).txt")
            let expected = RequestFixture(try String(contentsOf: fixture, encoding: .utf8))
            let differences = RequestFixture(sent).differences(from: expected)
            if !differences.isEmpty {
                failures.append("\(app) sends other bytes than Moya:\n" + differences.joined(separator: "\n"))
            }
        }
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n\n"))
    }

    private struct BuildFailure: Error {
        let output: String
    }

    /// Builds the app's files that its runner names (`// Corpus files: …` on its first line) with the
    /// runner, in Swift 5 mode so that the bytes are checked even where Swift 6 mode needs a hand
    /// (CorpusCompileTests builds every configuration), runs it and returns what it printed.
    private func requests(of app: String, in folder: TemporaryFolder) throws -> String {
        let runners = Corpus.testsFolder.appendingPathComponent("Runners")
        let runner = runners.appendingPathComponent("\(app)Requests.swift")
        let header = try String(contentsOf: runner, encoding: .utf8).prefix { $0 != "\n" }
        let appFiles = header.replacingOccurrences(of: "// Corpus files:", with: "")
            .split(separator: " ").map { folder.url.appendingPathComponent(app).appendingPathComponent(String($0)) }
        let program = folder.url.appendingPathComponent("\(app)-requests")
        let build = try SwiftBuild.program(
            appFiles + [runners.appendingPathComponent("RequestDump.swift"), runner], output: program, in: .swift5)
        guard build.succeeded else { throw BuildFailure(output: build.output) }
        let run = try Command.run(program, [])
        XCTAssertEqual(run.status, 0, "\(app): \(run.standardError)")
        return run.standardOutput
    }
}
