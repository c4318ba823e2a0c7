import Foundation
import XCTest

/// The loopback servers `scripts/test.sh` starts for the integration tests.
public enum TestServer {
    /// The URL in environment variable `variable`. When it is missing, the calling test is skipped,
    /// except under `CI=true`, where a missing server is a failure: CI must never pass by skipping
    /// the wire tests.
    public static func url(from variable: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment[variable], let url = URL(string: text) {
            return url
        }
        if environment["CI"] == "true" {
            XCTFail("\(variable) is not set under CI=true; run the tests with scripts/test.sh", file: file, line: line)
            throw MissingServer()
        }
        throw XCTSkip("\(variable) is not set; scripts/test.sh starts the server")
    }

    /// The error thrown after the CI failure has been recorded.
    public struct MissingServer: Error {}
}
