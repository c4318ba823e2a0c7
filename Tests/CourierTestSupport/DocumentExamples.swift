import Foundation
import XCTest

/// Keeps documentation and tests in step: every line of every `swift` example in a section of a
/// Markdown file must appear, in order, in the test file that runs it.
public enum DocumentExamples {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `swift` blocks of the section that starts with `heading` (up to the next heading of the
    /// same level) in `document`, a path relative to the repository root; of the whole document
    /// when `heading` is `nil`.
    public static func swiftBlocks(in document: String, section heading: String?) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var body = text[...]
        if let heading {
            guard let start = text.range(of: "\n" + heading + "\n") else { return [] }
            let level = String(heading.prefix { $0 == "#" })
            body = text[start.upperBound...]
            if let end = body.range(of: "\n" + level + " ") { body = body[..<end.lowerBound] }
        }
        return body.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    /// Fails when a line of the section's examples is missing from `testFile` (compared without
    /// indentation and with runs of spaces collapsed); returns how many examples were checked.
    @discardableResult
    public static func assertRun(
        in document: String, section heading: String, by testFile: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Int {
        try assertRun(
            swiftBlocks(in: document, section: heading), from: "\(document) › \(heading)", by: testFile, file: file,
            line: line)
    }

    /// Fails when a line of any example in the whole of `document` (a DocC article, say) is
    /// missing from `testFile`; returns how many examples were checked.
    @discardableResult
    public static func assertRun(
        in document: String, by testFile: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        try assertRun(swiftBlocks(in: document, section: nil), from: document, by: testFile, file: file, line: line)
    }

    private static func assertRun(
        _ examples: [String], from source: String, by testFile: String, file: StaticString, line: UInt
    ) throws -> Int {
        let tests = Set(try String(contentsOfFile: testFile, encoding: .utf8).split(separator: "\n").map(normalized))
        XCTAssertFalse(examples.isEmpty, "no swift examples in \(source)", file: file, line: line)
        for example in examples {
            for exampleLine in example.split(separator: "\n").map(normalized) where !exampleLine.isEmpty {
                if !tests.contains(exampleLine) {
                    XCTFail("\(source): example line not in the tests: \(exampleLine)", file: file, line: line)
                }
            }
        }
        return examples.count
    }

    /// The line without indentation and without a leading `private`/`fileprivate`, which tests
    /// add to keep the README's names from clashing with each other.
    private static func normalized<S: StringProtocol>(_ line: S) -> String {
        var text = line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for modifier in ["private ", "fileprivate "] where text.hasPrefix(modifier) {
            text.removeFirst(modifier.count)
        }
        return text
    }
}
