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

    /// The object files of `target` (`Courier.build/*.o`), to link a program against it.
    static func objects(of target: String) throws -> [URL] {
        let build = folder.appendingPathComponent("\(target).build")
        return try FileManager.default.contentsOfDirectory(at: build, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "o" }
            .sorted { $0.path < $1.path }
    }
}
