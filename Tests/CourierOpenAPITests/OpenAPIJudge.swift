import CourierTestSupport
import Foundation
import XCTest

/// `../shared/tools/openapi-judge/validate_requests.py`, run by the Python of its virtual environment.
///
/// `scripts/test.sh` makes the environment and names both in `COURIER_OPENAPI_JUDGE` (the script) and
/// `COURIER_OPENAPI_JUDGE_PYTHON`; without them the tests look beside the repository. A missing judge
/// (an outside tool the test command cannot install) skips the tests that need it, saying so.
struct OpenAPIJudge {
    let script: URL
    let python: URL

    /// What the judge said of a log of requests.
    struct Verdict {
        let checked: Int
        let allValid: Bool
        let output: String
    }

    static func located() throws -> OpenAPIJudge {
        let environment = ProcessInfo.processInfo.environment
        let root = DocumentExamples.root
        let script = URL(
            fileURLWithPath: environment["COURIER_OPENAPI_JUDGE"]
                ?? root.deletingLastPathComponent().appendingPathComponent(
                    "shared/tools/openapi-judge/validate_requests.py"
                ).path)
        let python = URL(
            fileURLWithPath: environment["COURIER_OPENAPI_JUDGE_PYTHON"]
                ?? root.appendingPathComponent(".venv-openapi-judge/bin/python").path)
        let found =
            FileManager.default.isReadableFile(atPath: script.path)
            && FileManager.default.isExecutableFile(atPath: python.path)
        if !found {
            throw XCTSkip("the OpenAPI judge is missing (\(script.path), \(python.path)): run scripts/test.sh")
        }
        return OpenAPIJudge(script: script, python: python)
    }

    /// Judges the requests logged in `log` (the runner's `capture`, `Runner/RequestLog.swift`), received at
    /// `baseURL`, against `document`, with `--strict`.
    func check(document: URL, log: URL, baseURL: URL) throws -> Verdict {
        let run = try CapturedProcess.run(
            python, [script.path, document.path, log.path, "--strict", "--base-url", baseURL.absoluteString])
        let summary = run.output.split(separator: "\n").last { $0.hasPrefix("validate_requests:") } ?? ""
        let numbers = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let checked = numbers.count >= 3 ? numbers[2] : 0
        return Verdict(
            checked: checked, allValid: run.exitedCleanly && numbers.count >= 3 && numbers[1] == 0, output: run.output)
    }
}
