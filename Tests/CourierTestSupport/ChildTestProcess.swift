import Foundation
import XCTest

/// Runs one test of this test bundle again in a child process, for tests whose failure would be a
/// crash (a stack overflow, say) that would otherwise take the whole test run down with it.
///
/// The child runs with `COURIER_CHILD_TEST` set to the test's name; the test checks
/// ``isChild(_:)`` and does its dangerous work only there.
public enum ChildTestProcess {
    /// Whether this process is the child running `test` (e.g. `"CourierTests.NestingLimitTests/test_x"`).
    public static func isChild(_ test: String) -> Bool {
        ProcessInfo.processInfo.environment["COURIER_CHILD_TEST"] == test
    }

    /// What the child printed and how it ended.
    public struct Outcome: Sendable {
        /// Whether it exited with status 0 (and was not killed by a signal).
        public let succeeded: Bool
        /// Its standard output and error.
        public let output: String
    }

    /// Runs `test` in a child process of the same test binary and waits for it.
    /// - Parameters:
    ///   - test: The test, e.g. `"CourierTests.NestingLimitTests/test_child_x"`.
    ///   - environment: Variables added to the child's environment (`LD_PRELOAD`, say). None by default.
    /// - Throws: `XCTSkip` where the test binary cannot be run this way (the `xctest` runner of
    ///   Apple platforms); any error starting the process.
    public static func run(_ test: String, environment extra: [String: String] = [:]) throws -> Outcome {
        #if os(Linux)
            let binary = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        #else
            throw XCTSkip("runs the test binary directly, which only Linux's test bundles allow")
        #endif
        var environment = ProcessInfo.processInfo.environment
        environment["COURIER_CHILD_TEST"] = test
        environment.merge(extra) { _, added in added }
        let outcome = try CapturedProcess.run(binary, [test], environment: environment)
        return Outcome(
            succeeded: outcome.exitedCleanly && outcome.output.contains("Executed 1 test, with 0 failures"),
            output: outcome.output)
    }

    /// Runs `test` in a child process (see ``run(_:environment:)``) and fails the calling test,
    /// with the child's output, unless the child's test passed.
    public static func assertPasses(
        _ test: String, environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let outcome = try run(test, environment: environment)
        XCTAssertTrue(outcome.succeeded, outcome.output, file: file, line: line)
    }
}
