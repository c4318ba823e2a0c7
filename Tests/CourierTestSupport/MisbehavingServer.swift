import Foundation
import XCTest

/// `scripts/misbehaving-server.py`, started by `scripts/test.sh` (its URL in
/// `COURIER_MISBEHAVING_URL`).
///
/// The test command starts it, not the test process: on Linux a streaming server spawned from inside
/// the XCTest process stalled its own connections, which would test the harness, not Courier.
public enum MisbehavingServer {
    /// The server's base URL; skips the test when it is missing, and fails it under `CI=true`.
    public static func baseURL(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["COURIER_MISBEHAVING_URL"], let url = URL(string: text) {
            return url
        }
        if environment["CI"] == "true" {
            XCTFail("COURIER_MISBEHAVING_URL is not set under CI=true; run scripts/test.sh", file: file, line: line)
            throw HTTPBin.MissingServer()
        }
        throw XCTSkip("the misbehaving server is not running; scripts/test.sh starts it")
    }
}
