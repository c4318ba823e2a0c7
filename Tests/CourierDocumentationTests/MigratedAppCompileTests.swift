import CourierTestSupport
import Foundation
import XCTest

/// Builds the Moya client layer of `Tests/CompatibilityChecks` as an app would, against the built
/// modules, in the four configurations apps build with, with real builds (see that folder's README).
final class MigratedAppCompileTests: XCTestCase {
    private static let checks = DocumentExamples.root.appendingPathComponent("Tests/CompatibilityChecks")

    private func swiftFiles(in folder: String) throws -> [URL] {
        let url = Self.checks.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    func test_migratedMoyaApp_buildsWithNoErrorAndNoWarning_inEveryConfiguration() throws {
        // Given
        let files = try swiftFiles(in: "MigratedMoyaApp")

        // When
        let problems = try SwiftBuild.inEveryConfiguration { configuration in
            let outcome = try SwiftBuild.compile(files, moduleName: "MigratedMoyaApp", in: configuration)
            let found = outcome.errors + outcome.warnings
            return outcome.succeeded && found.isEmpty
                ? [] : ["\(configuration):"] + (found.isEmpty ? [outcome.output] : found)
        }

        // Then
        XCTAssertTrue(problems.isEmpty, problems.joined(separator: "\n"))
    }

    /// Each file says, in its first line, the configuration that refuses it and the error:
    /// `// Swift 6 error: "…"`, `// Swift 6 + Xcode 26 settings error: "…"`. It must build in Swift 5
    /// mode and fail there with that error.
    func test_swift6Remains_buildInSwift5_andFailWithTheErrorTheyName() throws {
        for file in try swiftFiles(in: "Swift6Remains") {
            // Given
            let firstLine = String(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first ?? "")
            let parts = firstLine.dropFirst(3).split(separator: "\"", omittingEmptySubsequences: false)
            let refusing = LanguageConfiguration.allCases.first { parts.first == "\($0.rawValue) error: " }
            XCTAssertNotNil(refusing, "\(file.lastPathComponent): \(firstLine)")
            guard let refusing, parts.count >= 3 else { continue }
            let expected = String(parts[1])

            // When
            let swift5 = try SwiftBuild.compile([file], moduleName: "Remains", in: .swift5)
            let refused = try SwiftBuild.compile([file], moduleName: "Remains", in: refusing)

            // Then
            XCTAssertTrue(swift5.succeeded, "\(file.lastPathComponent): \(swift5.output)")
            XCTAssertFalse(refused.succeeded, file.lastPathComponent)
            XCTAssertTrue(
                refused.errors.contains { $0.contains(expected) }, "\(file.lastPathComponent): \(refused.output)")
        }
    }
}
