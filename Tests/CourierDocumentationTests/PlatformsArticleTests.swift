import Courier
import CourierTestSupport
import Foundation
import XCTest

private enum Uploads: TargetType {
    case file(URL)

    var baseURL: URL { URL(string: "https://uploads.example.com")! }
    var path: String { "/files" }
    var method: HTTPMethod { .post }
    var task: HTTPTask {
        switch self {
        case .file(let url): .uploadFile(url)
        }
    }
    var validationType: ValidationType { .successCodes }
}

// The Platforms article's example, line for line.
private func upload(_ file: URL, with provider: Provider<Uploads>) async -> String {
    let transfer = provider.requestWithProgress(.file(file))
    do {
        for try await event in transfer {
            print(event.progress)
        }
        return "sent"
    } catch {
        return "failed with status \(error.response?.statusCode ?? 0)"
    }
}

/// The Platforms article: its example, and the claims that must stay in step with the package and
/// with the platform audit.
final class PlatformsArticleTests: XCTestCase {
    private let article = "Sources/Courier/Courier.docc/Platforms.md"

    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: article, by: #filePath)
    }

    func test_progressLoop_throwsCourierErrorWithItsResponse() async throws {
        // Given: an upload the server refuses
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("platforms-\(UUID().uuidString)")
        try Data("body".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let provider = Provider<Uploads>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://uploads.example.com/files", sampleResponseClosure: { .networkResponse(413, Data()) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            }, stubClosure: Provider.immediatelyStub)

        // When
        let outcome = await upload(file, with: provider)

        // Then: the loop's error is a CourierError, with the response
        XCTAssertEqual(outcome, "failed with status 413")
    }

    func test_floorTable_matchesThePackageManifest() throws {
        // Given
        let manifest = try String(
            contentsOf: DocumentExamples.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let text = try String(contentsOf: DocumentExamples.root.appendingPathComponent(article), encoding: .utf8)
        let rows = [
            "macOS": "| macOS | 13.0 |", "iOS": "| iOS, iPadOS | 16.0 |", "tvOS": "| tvOS | 16.0 |",
            "watchOS": "| watchOS | 9.0 |", "visionOS": "| visionOS | 1.0 |",
        ]

        // Then: each platform of the manifest is in the table at the same version, and the tools
        // version is the compiler floor the article names
        for (platform, row) in rows {
            let version = row.split(separator: "|")[1].trimmingCharacters(in: .whitespaces)
            let major = version.split(separator: ".")[0]
            XCTAssertTrue(manifest.contains(".\(platform)(.v\(major))"), "Package.swift lacks \(platform) \(major)")
            XCTAssertTrue(text.contains(row), "the article lacks \(row)")
        }
        XCTAssertTrue(manifest.hasPrefix("// swift-tools-version: 6.0\n"))
        XCTAssertTrue(text.contains("| Swift 6.0 | 16.0–16.2 | the oldest: `swift-tools-version: 6.0`"))
    }

    func test_everyAuditRule_isNamedInTheArticle() throws {
        // Given: the rule names of scripts/platform-audit/rules.py (`Rule("name", …)` and FILE_RULES)
        let rules = try String(
            contentsOf: DocumentExamples.root.appendingPathComponent("scripts/platform-audit/rules.py"), encoding: .utf8
        )
        let ruleNames = rules.components(separatedBy: "Rule(\n        \"").dropFirst().compactMap {
            $0.split(separator: "\"").first
        }
        let fileRules = rules.split(separator: "\n").first { $0.hasPrefix("FILE_RULES = (") } ?? ""
        let fileRuleNames = fileRules.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let names = Set(ruleNames + fileRuleNames)
        let text = try String(contentsOf: DocumentExamples.root.appendingPathComponent(article), encoding: .utf8)

        // Then
        XCTAssertGreaterThan(names.count, 20)
        for name in names {
            XCTAssertTrue(text.contains("`\(name)`"), "Platforms.md does not name the audit rule \(name)")
        }
    }
}
