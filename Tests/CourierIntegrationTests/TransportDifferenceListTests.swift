import CourierTestSupport
import Foundation
import XCTest

/// Keeps the differences between the transports a checked list: the integration suites expect
/// something per transport only through ``TransportDifference``, each of its cases is a row of the
/// Transports article's table "Where the transports differ on Linux" (and each row a case), and a
/// test named for each case pins it.
final class TransportDifferenceListTests: XCTestCase {
    /// This folder: the integration suites.
    private static let suites = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    private static let article = DocumentExamples.root.appendingPathComponent(
        "Sources/Courier/Courier.docc/TransportsAndStreams.md")

    /// Ways of asking which transport runs that a suite must not use: they would expect something
    /// per transport outside the list. (A suite chooses a transport with `TransportUnderTest.make`.)
    private static let transportQuestions = [
        "fallbackReason", "DefaultTransport.shared is", "is CurlTransport", "is URLSessionTransport",
        "\"COURIER_TRANSPORT\"", "== \"curl\"", "!= \"curl\"",
        "== \"URLSession\"", "!= \"URLSession\"", "TransportUnderTest.current ==", "TransportUnderTest.current !=",
        "switch TransportUnderTest", "== .curl", "== .urlSession", "!= .curl", "!= .urlSession",
    ]

    /// Every suite's source, by file name, without this file.
    private func suiteSources() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.suites.path)
            .filter { $0.hasSuffix(".swift") && $0 != URL(fileURLWithPath: #filePath).lastPathComponent }
        return try names.sorted().map {
            ($0, try String(contentsOf: Self.suites.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The names in the last column of the article's table of differences.
    private func articleCases() throws -> [String] {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let section = try XCTUnwrap(
            text.components(separatedBy: "### Where the transports differ on Linux").dropFirst().first)
        let body = section.components(separatedBy: "\n### ").first ?? section
        let rows = body.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| ---") }
        return rows.dropFirst().map { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: true)
            return cells.last.map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) } ?? ""
        }
    }

    func test_suites_expectSomethingPerTransportOnlyThroughTheList() throws {
        for (name, text) in try suiteSources() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for question in Self.transportQuestions where code.contains(question) {
                    XCTFail(
                        "\(name):\(number + 1) asks which transport runs (\(question)): name a TransportDifference "
                            + "(and a row of the article's table), or choose a transport with TransportUnderTest.make")
                }
            }
        }
    }

    func test_article_listsEveryDifference_andNoOther() throws {
        let listed = try articleCases()
        XCTAssertEqual(listed.count, Set(listed).count, "a difference is listed twice: \(listed)")
        XCTAssertEqual(Set(listed), Set(TransportDifference.allCases.map(\.rawValue)))
    }

    func test_eachDifference_isPinnedByATestNamedForIt() throws {
        let sources = try suiteSources()
        for difference in TransportDifference.allCases {
            let pinning = sources.filter { $0.text.contains("func test_\(difference.rawValue)_") }
            XCTAssertFalse(pinning.isEmpty, "no test_\(difference.rawValue)_… pins \(difference)")
            let named = sources.contains { source in
                source.text.contains("TransportDifference.\(difference.rawValue)")
                    || source.text.contains("where: .\(difference.rawValue)")
            }
            XCTAssertTrue(named, "no suite expects \(difference) through TransportDifference.\(difference.rawValue)")
        }
    }
}
