import Foundation
import XCTest

/// Runs the built `courier-demo` binary, as a user would, and collects what it printed.
struct DemoProcess {
    /// What one run printed, and how it ended.
    struct Outcome {
        let status: Int32
        /// Whether the process exited, or a signal killed it (then `status` is the signal's number).
        let reason: Process.TerminationReason
        let standardOutput: String
        let standardError: String
    }

    /// The folder of the built products (`.build/debug`), where the test bundle sits too.
    static var productsFolder: URL {
        #if os(macOS)
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    /// The demo's binary; the test target depends on it, so the build makes it first.
    static var binary: URL { productsFolder.appendingPathComponent("courier-demo") }

    /// Runs `executable` (the demo by default) with `arguments`; its output goes to files, so a long
    /// output can never fill a pipe and stall it.
    /// - Parameter standardOutput: Where standard output goes instead of a file, e.g. a pipe; then
    ///   the outcome's `standardOutput` is empty.
    static func run(
        _ arguments: [String], executable: URL = binary, standardOutput: FileHandle? = nil
    ) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = standardOutput ?? output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Outcome(
            status: process.terminationStatus, reason: process.terminationReason,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8))
    }

    /// Runs `command` (a program's path and its arguments), which leaves a daemon behind, as
    /// `tmux new-session` leaves its server.
    ///
    /// Foundation's `Process` on Linux learns that a child ended when a socket it passes to the
    /// child closes, and every descendant inherits that socket (swift-corelibs-foundation #4795): a
    /// daemon would keep `waitUntilExit` waiting for as long as it runs. Python's `subprocess`
    /// closes every other descriptor in its child, so the daemon starts without the socket.
    static func runLeavingADaemon(_ command: [String]) throws -> Outcome {
        try run(
            ["-c", "import subprocess, sys; sys.exit(subprocess.call(sys.argv[1:]))"] + command,
            executable: try which("python3"))
    }

    /// A loopback URL where nothing listens: a port the system just handed out and took back.
    static func unusedLocalURL() throws -> URL {
        let probe = try run(
            ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"],
            executable: try which("python3"))
        let port = probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)"))
    }

    /// The full path of a program on `PATH`. A missing program skips the test, except under
    /// `CI=true`, where it fails it: CI must never pass by skipping the terminal checks.
    static func which(_ program: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        if environment["CI"] == "true" {
            XCTFail("\(program) is not installed; the demo's terminal tests need it", file: file, line: line)
        }
        throw XCTSkip("\(program) is not installed")
    }
}
