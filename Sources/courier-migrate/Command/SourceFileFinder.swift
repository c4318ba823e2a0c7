import Foundation

/// Finds the `.swift` files under the paths given on the command line.
enum SourceFileFinder {
    /// Build products and dependency checkouts, never the app's own code.
    static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData"]

    /// The `.swift` files at or under `path`, sorted; a folder is searched recursively, skipping
    /// ``skippedFolders`` and hidden folders (`.git`, `.swiftpm`). Throws when `path` does not exist.
    static func files(at path: String) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        guard isFolder.boolValue else { return path.hasSuffix(".swift") ? [path] : [] }
        let root = URL(fileURLWithPath: path, isDirectory: true)
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey])
        else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        var files: [String] = []
        let prefix = root.standardizedFileURL.path
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            let name = url.lastPathComponent
            if values?.isDirectory == true {
                if skippedFolders.contains(name) || name.hasPrefix(".") { enumerator.skipDescendants() }
            } else if name.hasSuffix(".swift") {
                files.append(joined(path, relative: url.standardizedFileURL.path, under: prefix))
            }
        }
        return files.sorted()
    }

    /// The file's path as the user would write it: the folder they gave, then the rest.
    private static func joined(_ folder: String, relative file: String, under prefix: String) -> String {
        guard file.hasPrefix(prefix + "/") else { return file }
        let rest = file.dropFirst(prefix.count + 1)
        return folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }
}
