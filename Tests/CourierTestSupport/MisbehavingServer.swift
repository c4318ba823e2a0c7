import Foundation

/// `scripts/misbehaving-server.py`, started by `scripts/test.sh` (its URL in
/// `COURIER_MISBEHAVING_URL`).
///
/// The test command starts it, not the test process: on Linux a streaming server spawned from inside
/// the XCTest process stalled its own connections, which would test the harness, not Courier.
public enum MisbehavingServer {
    /// The server's base URL (skips the test when it is missing; fails it under `CI=true`).
    public static func baseURL(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try TestServer.url(from: "COURIER_MISBEHAVING_URL", file: file, line: line)
    }
}
