import Foundation

/// Where the build put its products: the `courier-migrate` binary, the modules of Courier and
/// CourierPlugins and their object files. This test target depends on all of them, so the build
/// (`swift build --build-tests`, which `scripts/test.sh` runs first) makes them before any test.
enum BuildProducts {
    /// The folder of the built products (`.build/debug`), where the test bundle sits too.
    static var folder: URL {
        #if os(macOS)
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    /// The `courier-migrate` binary.
    static var migrate: URL { folder.appendingPathComponent("courier-migrate") }

    /// The folder of `Courier.swiftmodule`: `Modules/` since SwiftPM 6, the products folder before.
    static var modules: URL {
        let modules = folder.appendingPathComponent("Modules")
        let inModules = modules.appendingPathComponent("Courier.swiftmodule").path
        return FileManager.default.fileExists(atPath: inModules) ? modules : folder
    }

    /// `-Xcc -fmodule-map-file=…` for each C target of the build (`CCourierCurl`, which Courier
    /// imports on Linux): code that imports Courier needs the module maps SwiftPM wrote.
    static var clangModuleMapArguments: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return folders.sorted().filter { $0.hasSuffix(".build") }.flatMap { name -> [String] in
            let map = folder.appendingPathComponent(name).appendingPathComponent("module.modulemap")
            guard FileManager.default.fileExists(atPath: map.path) else { return [] }
            return ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
    }

    /// The object files of `target` (`Courier.build/*.o`), to link a program against it; none for
    /// a target this platform does not build (`CCourierCurl` off Linux).
    static func objects(of target: String) throws -> [URL] {
        let build = folder.appendingPathComponent("\(target).build")
        guard FileManager.default.fileExists(atPath: build.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: build, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "o" }
            .sorted { $0.path < $1.path }
    }
}
