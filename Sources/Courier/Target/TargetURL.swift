import Foundation

/// Joins a target's `baseURL` and `path` the way Moya users expect, encoding the path exactly once.
enum TargetURL {
    /// `baseURL` with `path` appended:
    /// - an empty path leaves `baseURL` unchanged (its query too);
    /// - exactly one `/` separates them, whether `baseURL` ends with one or `path` starts with one;
    /// - a trailing `/` in `path` is kept, and `"/"` adds one;
    /// - characters not allowed in a path (space, `?`, `#`, non-ASCII…) are percent-encoded, while
    ///   `%XX` sequences already in `path` are kept as they are.
    static func string(baseURL: URL, path: String) -> String {
        let base = baseURL.absoluteString
        guard !path.isEmpty else { return base }
        var escaped = PercentEncoding.pathEscaped(path)
        if !escaped.hasPrefix("/") { escaped = "/" + escaped }
        guard base.contains(where: { $0 == "?" || $0 == "#" }),
            var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        else {
            return (base.hasSuffix("/") ? String(base.dropLast()) : base) + escaped
        }
        var basePath = components.percentEncodedPath
        if basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + escaped
        return components.string ?? base
    }
}
