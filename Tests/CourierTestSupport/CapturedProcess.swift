import Foundation

/// Runs a program to its end with its standard output and error written to files (so a long
/// output can never fill a pipe and stall it), and returns what it printed.
public enum CapturedProcess {
    /// How a run ended and what it printed.
    public struct Outcome: Sendable {
        /// Whether it exited with status 0 (and was not killed by a signal).
        public let exitedCleanly: Bool
        /// Its standard output and error, interleaved.
        public let output: String
    }

    /// How a run ended and what it printed on each stream.
    public struct Streams: Sendable {
        /// The exit status (the signal's number when it was killed by one).
        public let status: Int32
        /// What it wrote to standard output.
        public let standardOutput: String
        /// What it wrote to standard error.
        public let standardError: String

        /// The lines of standard output.
        public var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    }

    /// Runs `executable` with `arguments` and, when given, `environment`.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws
        -> Outcome
    {
        let file = try OutputFile()
        let process = try launch(executable, arguments, environment: environment, output: file, error: file)
        return Outcome(
            exitedCleanly: process.terminationReason == .exit && process.terminationStatus == 0,
            output: try file.text())
    }

    /// Runs `executable` with `arguments` in `folder` (the current one when `nil`), keeping its
    /// standard output and standard error apart.
    public static func runKeepingStreams(_ executable: URL, _ arguments: [String], in folder: URL? = nil) throws
        -> Streams
    {
        let output = try OutputFile()
        let error = try OutputFile()
        let process = try launch(executable, arguments, in: folder, output: output, error: error)
        return Streams(
            status: process.terminationStatus, standardOutput: try output.text(), standardError: try error.text())
    }

    private static func launch(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
        output: OutputFile, error: OutputFile
    ) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        process.standardOutput = output.handle
        process.standardError = error.handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.handle.close()
        if error !== output { try error.handle.close() }
        return process
    }

    /// A temporary file a child process writes to, removed when released.
    private final class OutputFile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("process-\(UUID().uuidString)")
        let handle: FileHandle

        init() throws {
            try Data().write(to: url)
            handle = try FileHandle(forWritingTo: url)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)  // a leftover temporary file harms nothing
        }

        func text() throws -> String {
            try String(contentsOf: url, encoding: .utf8)
        }
    }
}
