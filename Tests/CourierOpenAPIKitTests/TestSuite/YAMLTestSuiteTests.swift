// Runs the official YAML test suite (github.com/yaml/yaml-test-suite) against YAMLReader.
//
// The suite is fetched, never committed. Its `data` branch has one folder per case (`229Q/`, or
// `2G84/00/` for a case with variants) holding `in.yaml` and either `in.json` (the documents as
// JSON, one text per document) or `error` (the input must be refused):
//
//     git clone --branch data https://github.com/yaml/yaml-test-suite /tmp/yaml-test-suite
//     # or, from a clone: git -C <clone> archive data | tar -x -C /tmp/yaml-test-suite
//     COURIER_YAML_TEST_SUITE=/tmp/yaml-test-suite swift test --filter YAMLTestSuiteTests
//
// Without the variable the test is skipped. It prints a report: the cases with JSON, how many read
// to the same JSON, the failures by the suite's tags, and how many error cases are refused. It
// fails when a case fails that `YAMLTestSuiteExpectations` does not list with its reason.
import CourierOpenAPIKit
import Foundation
import XCTest

final class YAMLTestSuiteTests: XCTestCase {
    func test_yamlTestSuite_jsonCasesReadAsTheirJSON_andErrorCasesAreRefused() throws {
        guard let root = ProcessInfo.processInfo.environment["COURIER_YAML_TEST_SUITE"] else {
            throw XCTSkip("set COURIER_YAML_TEST_SUITE to a checkout of yaml-test-suite's data branch")
        }
        // Given
        let cases = try YAMLTestSuiteCase.all(in: URL(fileURLWithPath: root))
        XCTAssertFalse(cases.isEmpty, "no case folders under \(root)")
        // When
        let results = cases.map { ($0, $0.run()) }
        // Then
        let report = YAMLTestSuiteReport(results: results)
        print(report.text)
        let unexpected = results.filter { testCase, outcome in
            outcome.passed != !YAMLTestSuiteExpectations.knownFailures.keys.contains(testCase.id)
        }
        for (testCase, outcome) in unexpected {
            XCTFail(
                "\(testCase.id) (\(testCase.title)): \(outcome.passed ? "passes; drop it from knownFailures" : outcome.detail)"
            )
        }
    }
}
