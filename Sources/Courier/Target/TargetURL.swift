import Foundation

/// Joins a target's `baseURL` and `path` the way Moya users expect, encoding the path exactly once.
enum TargetURL {
    /// `baseURL` with `path` appended:
    /// - an empty path leaves `baseURL` unchanged (its query too);
    /// - exactly one `/` separates them, whether `baseURL` ends with one or `path` starts with one;
    /// - a trailing `/` in `path` is kept, and `"/"` adds one;
    /// - `path` is literal text: every character not allowed in a path (space, `?`, `#`, `%`,
    ///   non-ASCII…) is percent-encoded, `%` included, as Moya's `URL.appendingPathComponent`
    ///   did, so `/coupons/100%AB` is sent as `/coupons/100%25AB`.
    static func string(baseURL: URL, path: String) -> String {
        let base = baseURL.absoluteString
        guard !path.isEmpty else { return base }
        let escaped = PercentEncoding.pathEscaped(path)
        let separator = escaped.utf8.first == UInt8(ascii: "/") ? "" : "/"
        // Runs for every request: the checks read UTF-8 bytes, not Characters, which are far slower.
        guard base.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
            var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        else {
            var joined = base
            if joined.utf8.last == UInt8(ascii: "/") { joined.removeLast() }
            joined.reserveCapacity(joined.utf8.count + separator.utf8.count + escaped.utf8.count)
            joined += separator
            joined += escaped
            return joined
        }
        var basePath = components.percentEncodedPath
        if basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + separator + escaped
        return components.string ?? base
    }
}
