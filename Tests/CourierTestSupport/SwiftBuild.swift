import Foundation

/// Builds Swift files as a user's module, against the modules and objects this build made, in one
/// of the ``LanguageConfiguration``s apps use.
///
/// It builds (`swiftc -c`), it does not only type-check: Swift reports the data-race checks of
/// region isolation (*sending … risks causing data races*) only when it generates code, so a
/// `-typecheck` run would call code clean that an app's build refuses.
public enum SwiftBuild {
    /// What one build reported.
    public struct Outcome: Sendable {
        /// Whether the compiler (and, for a program, the linker) succeeded.
        public let succeeded: Bool
        /// Everything the compiler printed.
        public let output: String

        /// The `error:` diagnostics, once each, as `file:line:column: error: message`, with paths
        /// relative to the repository.
        public var errors: [String] { lines("error") }

        /// The `warning:` diagnostics, once each.
        public var warnings: [String] { lines("warning") }

        private func lines(_ kind: String) -> [String] {
            var seen: [String] = []
            let root = DocumentExamples.root.path + "/"
            for line in output.split(separator: "\n") where !line.hasPrefix(" ") && line.contains(": \(kind): ") {
                let diagnostic = line.replacingOccurrences(of: root, with: "")
                if !seen.contains(diagnostic) { seen.append(diagnostic) }
            }
            return seen
        }

        /// The errors and warnings, once each, with paths relative to `folder` (files outside it keep
        /// their full path); a failed build that printed no error gives one, named `swiftc`.
        public func diagnostics(relativeTo folder: URL) -> [Diagnostic] {
            var found: [Diagnostic] = []
            let prefix = folder.standardizedFileURL.path + "/"
            for line in output.split(separator: "\n") where !line.hasPrefix(" ") {
                let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
                guard parts.count == 5, let number = Int(parts[1]) else { continue }
                let severity = parts[3].trimmingCharacters(in: .whitespaces)
                guard severity == "error" || severity == "warning" else { continue }
                var file = String(parts[0])
                if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
                let diagnostic = Diagnostic(
                    file: file, line: number, isError: severity == "error",
                    message: parts[4].trimmingCharacters(in: .whitespaces))
                if !found.contains(diagnostic) { found.append(diagnostic) }
            }
            if !succeeded, !found.contains(where: \.isError) {
                found.append(Diagnostic(file: "swiftc", line: 0, isError: true, message: output))
            }
            return found
        }
    }

    /// One error or warning.
    public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
        /// The file, relative to the folder asked for.
        public let file: String
        /// The line, from 1.
        public let line: Int
        /// Whether it is an error (else a warning).
        public let isError: Bool
        /// What the compiler said.
        public let message: String

        /// `file:line`, as `courier-migrate` names a place.
        public var place: String { "\(file):\(line)" }
        /// `file:line: error: message`.
        public var description: String { "\(file):\(line): \(isError ? "error" : "warning"): \(message)" }
    }

    /// The modules a user's code may import: Courier, CourierPlugins and CourierTesting.
    public static let libraries = ["Courier", "CourierPlugins", "CourierTesting"]

    /// Compiles `files` into one object file, as the module `moduleName`, in `configuration`.
    /// - Parameters:
    ///   - asTestTarget: Whether the files are an app's tests, built with the configuration's
    ///     ``LanguageConfiguration/testTargetArguments``. `false` by default.
    ///   - importing: Folders of modules built before (`@testable import App`). None by default.
    ///   - moduleFolder: Where to write the module, built for testing, for a later build to import.
    ///     `nil` (none) by default.
    public static func compile(
        _ files: [URL], moduleName: String, in configuration: LanguageConfiguration, asTestTarget: Bool = false,
        importing: [URL] = [], emittingModuleTo moduleFolder: URL? = nil
    ) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var arguments = [
            "-parse-as-library", "-wmo", "-c", "-o", scratch.appendingPathComponent("\(moduleName).o").path,
        ]
        arguments += importing.flatMap { ["-I", $0.path] }
        if let moduleFolder {
            let module = moduleFolder.appendingPathComponent("\(moduleName).swiftmodule")
            arguments += ["-enable-testing", "-emit-module", "-emit-module-path", module.path]
        }
        return try run(
            arguments, files, moduleName: moduleName,
            languageArguments: asTestTarget ? configuration.testTargetArguments : configuration.arguments)
    }

    /// Builds `files` (one of them has `@main`) into the program `output`, linked with the objects
    /// of Courier, CourierPlugins, CourierTesting and Courier's C target. `sanitizer` (`thread`,
    /// say) instruments the program as the build's own objects were.
    public static func program(
        _ files: [URL], output: URL, in configuration: LanguageConfiguration, sanitizer: String? = nil
    ) throws -> Outcome {
        let objects = try (libraries + ["CCourierCurl"]).flatMap(objects(of:)).map(\.path)
        let sanitize = sanitizer.map { ["-sanitize=\($0)"] } ?? []
        return try run(
            ["-parse-as-library", "-package-name", packageName, "-o", output.path] + sanitize,
            files + objects.map(URL.init(fileURLWithPath:)),
            moduleName: output.lastPathComponent.replacingOccurrences(of: "-", with: "_"),
            languageArguments: configuration.arguments)
    }

    /// The package name SwiftPM gave this build's modules (the checkout folder's name, lowercased, as a
    /// C identifier), so that a program built here sees their `package` declarations, as
    /// `Tests/CourierTestSupport/RecordingServer` needs when a program compiles it in.
    static var packageName: String {
        var name = String(
            DocumentExamples.root.lastPathComponent.lowercased().unicodeScalars.map { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
                    ? Character(scalar) : "_"
            })
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    private static func run(
        _ arguments: [String], _ files: [URL], moduleName: String, languageArguments: [String]
    ) throws -> Outcome {
        let products = SwiftTypecheck.productsFolder.resolvingSymlinksInPath()
        // The same module cache as SwiftTypecheck's: the build's own holds modules recorded under
        // other paths of the same folder (`.build/debug` is a link), which clang refuses to mix.
        let cache = products.appendingPathComponent("TypecheckModuleCache")
        let command =
            ["swiftc"] + languageArguments + arguments
            + [
                "-module-name", moduleName, "-I", products.appendingPathComponent("Modules").path,
                "-module-cache-path", cache.path,
            ] + SwiftTypecheck.clangModuleMapArguments(in: products) + files.map(\.path)
        let outcome = try CapturedProcess.run(URL(fileURLWithPath: "/usr/bin/env"), command)
        return Outcome(succeeded: outcome.exitedCleanly, output: outcome.output)
    }

    /// The object files of `target` (`Courier.build/*.o`); none for a target this platform does not
    /// build (`CCourierCurl` off Linux).
    static func objects(of target: String) throws -> [URL] {
        let build = SwiftTypecheck.productsFolder.resolvingSymlinksInPath().appendingPathComponent("\(target).build")
        guard FileManager.default.fileExists(atPath: build.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: build, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "o" }
            .sorted { $0.path < $1.path }
    }
}
