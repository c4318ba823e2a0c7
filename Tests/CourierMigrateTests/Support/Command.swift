import CourierTestSupport
import Foundation

/// A finished run of a program, its standard output and error kept apart.
typealias Command = CapturedProcess.Streams

extension CapturedProcess.Streams {
    /// Runs `executable` with `arguments` in `folder`.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL? = nil) throws -> Command {
        try CapturedProcess.runKeepingStreams(executable, arguments, in: folder)
    }

    /// Runs the built `courier-migrate` (this test target depends on it, so the build made it) with
    /// `arguments` in `folder`.
    static func migrate(_ arguments: [String], in folder: URL) throws -> Command {
        try run(SwiftTypecheck.productsFolder.appendingPathComponent("courier-migrate"), arguments, in: folder)
    }
}
