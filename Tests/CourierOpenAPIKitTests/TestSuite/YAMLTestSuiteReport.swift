/// The report the suite's test prints.
struct YAMLTestSuiteReport {
    let results: [(YAMLTestSuiteCase, YAMLTestSuiteCase.Outcome)]

    var text: String {
        let json = results.filter { if case .json = $0.0.kind { return true } else { return false } }
        let errors = results.filter { if case .error = $0.0.kind { return true } else { return false } }
        var lines = [
            "yaml-test-suite: \(results.count) cases",
            "  JSON cases: \(json.count), read to the same JSON: \(json.filter { $0.1.passed }.count)",
            "  error cases: \(errors.count), refused: \(errors.filter { $0.1.passed }.count)",
        ]
        var failuresByTag: [String: Int] = [:]
        for (testCase, outcome) in results where !outcome.passed {
            for tag in testCase.tags.isEmpty ? ["(untagged)"] : testCase.tags { failuresByTag[tag, default: 0] += 1 }
        }
        if !failuresByTag.isEmpty {
            lines.append(
                "  failures by tag: "
                    + failuresByTag.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        for (testCase, outcome) in results where !outcome.passed {
            let reason = YAMLTestSuiteExpectations.knownFailures[testCase.id].map { " [known: \($0)]" } ?? ""
            let kind: String
            if case .error = testCase.kind { kind = "error case" } else { kind = "JSON case" }
            lines.append("  FAIL \(testCase.id) \(kind) (\(testCase.title))\(reason): \(outcome.detail.prefix(300))")
        }
        return lines.joined(separator: "\n")
    }
}
