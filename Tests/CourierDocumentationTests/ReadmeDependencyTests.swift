import CourierTestSupport
import Foundation
import XCTest

/// The README's "Depending on Courier" section cannot be compiled (it is a piece of a manifest), so
/// these tests hold it to the package's own manifest: the products it names and the platforms it
/// lists are the ones `Package.swift` declares.
final class ReadmeDependencyTests: XCTestCase {
    private let section = "## Depending on Courier"

    private func manifest() throws -> String {
        try String(contentsOf: DocumentExamples.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    private func readmeSection() throws -> String {
        let readme = try String(contentsOf: DocumentExamples.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "\n" + section + "\n"), "no \(section) in the README")
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// Every string that follows `prefix` in `text`, up to the next quotation mark.
    private func names(after prefix: String, in text: String) -> [String] {
        text.components(separatedBy: prefix).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    func test_snippet_namesTheLibrariesThePackageDeclares_andDependsOnACommit() throws {
        // Given
        let snippet = try XCTUnwrap(DocumentExamples.swiftBlocks(in: "README.md", section: section).first)
        let libraries = Set(names(after: ".library(name: \"", in: try manifest()))

        // When
        let products = names(after: ".product(name: \"", in: snippet)
        let packages = Set(names(after: "package: \"", in: snippet))

        // Then
        XCTAssertEqual(Set(products), ["Courier", "CourierPlugins", "CourierTesting"])
        XCTAssertTrue(Set(products).isSubset(of: libraries), "\(products) against \(libraries)")
        XCTAssertEqual(packages, ["Courier"])
        XCTAssertTrue(snippet.contains("revision: \"<commit>\""), snippet)
    }

    func test_platformLine_isThePackagesFloor() throws {
        // Given
        let manifest = try manifest()
        let text = try readmeSection()

        // Then
        XCTAssertTrue(
            manifest.contains("platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)]"),
            "the manifest's platforms changed: update the README's line and this test")
        XCTAssertTrue(text.contains("iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1 and Linux"), text)
    }
}
