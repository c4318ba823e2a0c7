import Foundation

/// Runs a program to its end with its standard output and error written to a file (so a long
/// output can never fill a pipe and stall it), and returns what it printed.
public enum CapturedProcess {
    /// How a run ended and what it printed.
    public struct Outcome: Sendable {
        /// Whether it exited with status 0 (and was not killed by a signal).
        public let exitedCleanly: Bool
        /// Its standard output and error, interleaved.
        public let output: String
    }

    /// Runs `executable` with `arguments` and, when given, `environment`.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws
        -> Outcome
    {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("process-\(UUID().uuidString)")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Outcome(
            exitedCleanly: process.terminationReason == .exit && process.terminationStatus == 0,
            output: try String(contentsOf: file, encoding: .utf8))
    }
}
