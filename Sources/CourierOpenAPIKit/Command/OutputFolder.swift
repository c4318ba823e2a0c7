import Foundation

/// The folder the Swift files go to: files whose bytes changed are written, files of the same API
/// that this generation no longer writes are removed, and nothing else is touched.
package struct OutputFolder {
    let path: String
    let apiName: String

    /// The folder at `path`, for the files of the API `apiName`.
    package init(path: String, apiName: String) {
        self.path = path
        self.apiName = apiName
    }

    /// Writes `files`; returns how many changed.
    package func write(_ files: [GeneratedFile]) throws -> Int {
        let manager = FileManager.default
        let folder = URL(fileURLWithPath: path)
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(path): \(error.localizedDescription)", status: 1)
        }
        let names = Set(files.map(\.name))
        let existing = (try? manager.contentsOfDirectory(atPath: path)) ?? []
        for name in existing where isGenerated(name) && !names.contains(name) {
            try? manager.removeItem(at: folder.appendingPathComponent(name))
        }
        var changed = 0
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if (try? Data(contentsOf: url)) == data { continue }
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw CommandError("cannot write \(url.path): \(error.localizedDescription)", status: 1)
            }
            changed += 1
        }
        return changed
    }

    /// Whether `name` is a file this generator writes for this API.
    private func isGenerated(_ name: String) -> Bool {
        name.hasSuffix(".swift") && (name == "\(apiName).swift" || name.hasPrefix("\(apiName)+"))
    }
}
