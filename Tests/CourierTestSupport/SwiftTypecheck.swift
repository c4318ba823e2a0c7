import Foundation

/// Type-checks Swift files against the modules this build made (`Courier`, `CourierPlugins`,
/// `CourierTesting`), in the language mode a user's app would choose, by running the toolchain's
/// `swiftc -typecheck` in a child process: code that must compile for users, in Swift 5 and in
/// Swift 6 mode, is checked as users' code, not as part of a test target.
public enum SwiftTypecheck {
    /// What one run reported.
    public struct Outcome: Sendable {
        /// Whether the compiler accepted the files.
        public let succeeded: Bool
        /// The compiler's diagnostics.
        public let output: String

        /// The `error:` lines of ``output``.
        public var errors: [String] {
            output.split(separator: "\n").map(String.init).filter { $0.contains("error:") }
        }
    }

    /// The folder of the built products (`.build/debug`), where the test bundle sits too.
    public static var productsFolder: URL {
        #if os(macOS)
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    /// Type-checks `files` as one module in Swift `languageMode` (5 or 6).
    public static func run(_ files: [URL], languageMode: Int) throws -> Outcome {
        let products = productsFolder.resolvingSymlinksInPath()
        let modules = products.appendingPathComponent("Modules")
        // A cache of its own: the build's cache holds modules recorded under other paths of the
        // same folder (`.build/debug` is a link), which clang refuses to mix.
        let cache = products.appendingPathComponent("TypecheckModuleCache")
        let arguments =
            [
                "swiftc", "-typecheck", "-parse-as-library", "-swift-version", String(languageMode),
                "-I", modules.path, "-module-cache-path", cache.path, "-module-name", "MigratedApp",
            ] + clangModuleMapArguments(in: products) + files.map(\.path)
        let outcome = try CapturedProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments)
        return Outcome(succeeded: outcome.exitedCleanly, output: outcome.output)
    }

    /// `-Xcc -fmodule-map-file=…` for each C target of the build (such as `CCourierCurl`, which
    /// `Courier` imports on Linux): a client of `Courier` must find the module maps SwiftPM wrote.
    public static func clangModuleMapArguments(in products: URL) -> [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: products.path)) ?? []
        return folders.sorted().filter { $0.hasSuffix(".build") }.flatMap { folder -> [String] in
            let map = products.appendingPathComponent(folder).appendingPathComponent("module.modulemap")
            guard FileManager.default.fileExists(atPath: map.path) else { return [] }
            return ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
    }

    /// Type-checks `source`, written to a temporary file, in Swift `languageMode`.
    public static func run(source: String, languageMode: Int) throws -> Outcome {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Check-\(UUID().uuidString).swift")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try run([file], languageMode: languageMode)
    }
}
