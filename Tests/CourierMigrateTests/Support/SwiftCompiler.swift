import Foundation

/// Runs the toolchain's `swiftc` on migrated code, against the modules this build made.
enum SwiftCompiler {
    /// One error the compiler reported.
    struct Diagnostic: Equatable, CustomStringConvertible {
        /// The file, relative to the folder compiled in.
        let file: String
        let line: Int
        let message: String

        var description: String { "\(file):\(line): error: \(message)" }
        /// `file:line`, as the tool's notes name a place.
        var place: String { "\(file):\(line)" }
    }

    /// Typechecks `files` (relative to `folder`) as one module in the Swift `languageMode` (`5` or `6`).
    static func typecheck(_ files: [String], in folder: URL, languageMode: Int) throws -> [Diagnostic] {
        let run = try Command.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-typecheck", "-swift-version", "\(languageMode)", "-I", BuildProducts.modules.path]
                + BuildProducts.clangModuleMapArguments + files,
            in: folder)
        let diagnostics = errors(in: run.standardError, folder: folder)
        if run.status != 0, diagnostics.isEmpty {
            return [Diagnostic(file: "swiftc", line: 0, message: run.standardError)]
        }
        return diagnostics
    }

    /// Compiles `files` with the object files of Courier (and its C target) and CourierPlugins into
    /// a program.
    static func build(_ files: [String], in folder: URL, output: URL, languageMode: Int) throws -> [Diagnostic] {
        let objects = try ["Courier", "CourierPlugins", "CCourierCurl"].flatMap(BuildProducts.objects(of:)).map(\.path)
        let run = try Command.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-swift-version", "\(languageMode)", "-parse-as-library", "-I", BuildProducts.modules.path]
                + BuildProducts.clangModuleMapArguments + ["-o", output.path] + files + objects,
            in: folder)
        let diagnostics = errors(in: run.standardError, folder: folder)
        if run.status != 0, diagnostics.isEmpty {
            return [Diagnostic(file: "swiftc", line: 0, message: run.standardError)]
        }
        return diagnostics
    }

    /// The `path:line:column: error: message` lines of the compiler's output, once each.
    private static func errors(in output: String, folder: URL) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let prefix = folder.standardizedFileURL.path + "/"
        for line in output.split(separator: "\n") where line.contains(": error: ") && !line.hasPrefix(" ") {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let number = Int(parts[1]) else { continue }
            var file = String(parts[0])
            if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
            let message = parts[4].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "error: ", with: "")
            let diagnostic = Diagnostic(file: file, line: number, message: message)
            if !found.contains(diagnostic) { found.append(diagnostic) }
        }
        return found
    }
}
