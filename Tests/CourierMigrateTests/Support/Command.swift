import Foundation

/// Runs a program to its end and keeps what it printed.
struct Command {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Runs `executable` with `arguments` in `folder`; output goes through files, so a long output
    /// never fills a pipe.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL? = nil) throws -> Command {
        let scratch = try TemporaryFolder()
        let outputURL = scratch.url.appendingPathComponent("stdout")
        let errorURL = scratch.url.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Command(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8))
    }

    /// Runs `courier-migrate` with `arguments` in `folder`.
    static func migrate(_ arguments: [String], in folder: URL) throws -> Command {
        try run(BuildProducts.migrate, arguments, in: folder)
    }

    /// The lines of standard output.
    var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
}
