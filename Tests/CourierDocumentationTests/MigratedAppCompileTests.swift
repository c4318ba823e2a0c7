import CourierTestSupport
import Foundation
import XCTest

/// Compiles the Moya client layer of `Tests/CompatibilityChecks` as an app would, against the
/// built modules, in Swift 5 and in Swift 6 mode (see that folder's README).
final class MigratedAppCompileTests: XCTestCase {
    private static let checks = DocumentExamples.root.appendingPathComponent("Tests/CompatibilityChecks")

    private func swiftFiles(in folder: String) throws -> [URL] {
        let url = Self.checks.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    func test_migratedMoyaApp_compilesInSwift5Mode() throws {
        // Given
        let files = try swiftFiles(in: "MigratedMoyaApp")

        // When
        let outcome = try SwiftTypecheck.run(files, languageMode: 5)

        // Then
        XCTAssertTrue(outcome.succeeded, outcome.output)
    }

    func test_migratedMoyaApp_compilesInSwift6Mode() throws {
        // Given
        let files = try swiftFiles(in: "MigratedMoyaApp")

        // When
        let outcome = try SwiftTypecheck.run(files, languageMode: 6)

        // Then
        XCTAssertTrue(outcome.succeeded, outcome.output)
        XCTAssertFalse(outcome.output.contains("warning:"), outcome.output)
    }

    /// Each file says, in its first line, the Swift 6 error it documents: `// Swift 6 error: "…".`
    func test_swift6Remains_compileInSwift5AndFailInSwift6WithTheErrorTheyName() throws {
        for file in try swiftFiles(in: "Swift6Remains") {
            // Given
            let firstLine = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first ?? ""
            let parts = firstLine.split(separator: "\"", omittingEmptySubsequences: false)
            XCTAssertTrue(firstLine.hasPrefix("// Swift 6 error: \"") && parts.count >= 3, file.lastPathComponent)
            guard parts.count >= 3 else { continue }
            let expected = String(parts[1])

            // When
            let swift5 = try SwiftTypecheck.run([file], languageMode: 5)
            let swift6 = try SwiftTypecheck.run([file], languageMode: 6)

            // Then
            XCTAssertTrue(swift5.succeeded, "\(file.lastPathComponent): \(swift5.output)")
            XCTAssertFalse(swift6.succeeded, file.lastPathComponent)
            XCTAssertTrue(
                swift6.errors.contains { $0.contains(expected) }, "\(file.lastPathComponent): \(swift6.output)")
        }
    }
}
