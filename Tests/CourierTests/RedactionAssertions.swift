import Courier
import XCTest

extension XCTestCase {
    /// Checks that `redaction` turns each input into its expected text, and that redacting the
    /// expected text again changes nothing.
    func assertRedacted(
        _ cases: [(String, String)], _ redaction: Redaction = .default, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        for (input, expected) in cases {
            XCTAssertEqual(redaction.redacting(input), expected, input, file: file, line: line)
            XCTAssertEqual(redaction.redacting(expected), expected, expected, file: file, line: line)
        }
    }
}
