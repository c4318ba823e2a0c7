import Courier
import CourierTestSupport
import XCTest

/// `CourierVersion.current` (sent in every `User-Agent`) is the newest release in CHANGELOG.md, so a
/// release cannot bump one and forget the other.
final class ChangelogVersionTests: XCTestCase {
    func test_courierVersion_isTheChangelogsNewestRelease() throws {
        // Given: the changelog's release headings, newest first (`## [Unreleased]` is not a release)
        let changelog = try String(
            contentsOf: DocumentExamples.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").compactMap { line -> Substring? in
            guard line.hasPrefix("## ["), let end = line.firstIndex(of: "]") else { return nil }
            let version = line[line.index(line.startIndex, offsetBy: 4)..<end]
            return version == "Unreleased" ? nil : version
        }

        // Then: the newest one is the version Courier reports
        let newest = try XCTUnwrap(releases.first, "CHANGELOG.md has no `## [x.y.z]` heading")
        XCTAssertEqual(CourierVersion.current, String(newest))
    }

    func test_changelogReleases_areNewestFirstAndSemantic() throws {
        // Given: every release heading
        let changelog = try String(
            contentsOf: DocumentExamples.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let versions = changelog.split(separator: "\n")
            .filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
            .map { line in line.dropFirst(4).prefix { $0 != "]" } }

        // Then: each is MAJOR.MINOR.PATCH, and they descend
        let parsed = try versions.map { version -> [Int] in
            let parts = version.split(separator: ".").compactMap { Int($0) }
            XCTAssertEqual(parts.count, 3, "\(version) is not MAJOR.MINOR.PATCH")
            return try XCTUnwrap(parts.count == 3 ? parts : nil)
        }
        for (newer, older) in zip(parsed, parsed.dropFirst()) {
            XCTAssertTrue(newer.lexicographicallyPrecedes(older) == false && newer != older, "\(newer) before \(older)")
        }
    }
}
