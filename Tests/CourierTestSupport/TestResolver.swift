import Foundation

/// `scripts/test-resolver.c`, a `getaddrinfo` that `scripts/test.sh` compiles for child test
/// processes (its path in `COURIER_TEST_RESOLVER`): with it in `LD_PRELOAD`, every name under
/// `.test` resolves to 127.0.0.1, and one starting with `slow` only after
/// `COURIER_SLOW_RESOLVE_SECONDS` (8 by default).
public enum TestResolver {
    /// The environment of a child process that resolves with the shim (skips the test when the shim
    /// is missing; fails it under `CI=true`).
    /// - Parameter slowSeconds: How long names starting with `slow` take to resolve. 8 by default.
    public static func environment(slowSeconds: Double = 8, file: StaticString = #filePath, line: UInt = #line)
        throws -> [String: String]
    {
        let library = try TestServer.url(from: "COURIER_TEST_RESOLVER", file: file, line: line)
        return ["LD_PRELOAD": library.path, "COURIER_SLOW_RESOLVE_SECONDS": String(slowSeconds)]
    }
}
