import CourierOpenAPIKit
import Foundation
import XCTest

/// Reads `yaml` (its first document).
func readYAML(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> DocumentValue {
    try YAMLReader.read(Array(yaml.utf8))
}

/// The error reading `yaml` reports, or a failure when it reads.
func yamlError(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> YAMLError? {
    do {
        let value = try YAMLReader.readStream(Array(yaml.utf8))
        XCTFail("expected an error, read \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// Asserts that reading `yaml` fails at `line` and `column` with a message containing `text`.
func assertYAMLError(
    _ yaml: String, line: Int, column: Int, contains text: String, file: StaticString = #filePath,
    line assertionLine: UInt = #line
) {
    guard let error = yamlError(yaml, file: file, line: assertionLine) else { return }
    XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: assertionLine)
    XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: assertionLine)
    XCTAssertTrue(error.message.contains(text), "\(error) should say \(text)", file: file, line: assertionLine)
}

/// An object of `members` in order.
func object(_ members: KeyValuePairs<String, DocumentValue>) -> DocumentValue {
    .object(DocumentObject(members.map { DocumentMember(key: $0.key, value: $0.value) }))
}

/// An array of strings.
func strings(_ items: String...) -> DocumentValue {
    .array(items.map(DocumentValue.string))
}
