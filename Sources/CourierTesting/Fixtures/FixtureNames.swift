import Courier

/// How fixture names are derived from targets and split into folder, name and extension.
enum FixtureNames {
    /// See ``Fixtures/candidateNames(for:)``.
    static func candidates(for target: any TargetType) -> [String] {
        if let named = target as? any FixtureNamed { return [named.fixtureName] }
        var names: [String] = []
        if let caseName = caseName(of: target) { names.append(caseName) }
        let path = target.path.split(separator: "/").joined(separator: "/")
        if !path.isEmpty, !names.contains(path) { names.append(path) }
        return names
    }

    /// The case name of an enum value: the label of its payload, or its description without one.
    static func caseName(of value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return nil }
        if let label = mirror.children.first?.label { return label }
        let text = String(describing: value)
        return text.isEmpty || text.contains(" ") ? nil : text
    }

    /// A fixture name split for lookup: `users/octocat` → folder `users`, `octocat`, `json`.
    struct File {
        let folder: String?
        let baseName: String
        let pathExtension: String

        init(_ name: String) {
            var components = name.split(separator: "/").map(String.init)
            let last = components.popLast() ?? name
            folder = components.isEmpty ? nil : components.joined(separator: "/")
            if let dot = last.lastIndex(of: "."), dot != last.startIndex {
                baseName = String(last[..<dot])
                pathExtension = String(last[last.index(after: dot)...])
            } else {
                baseName = last
                pathExtension = "json"
            }
        }

        /// `octocat.json`
        var lastComponent: String { baseName + "." + pathExtension }
        /// `users/octocat.json`
        var relativePath: String { folder.map { $0 + "/" + lastComponent } ?? lastComponent }
    }
}
