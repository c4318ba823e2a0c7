import Foundation

/// Joins a target's `baseURL` and `path` the way Moya users expect, encoding the path exactly once.
enum TargetURL {
    /// `baseURL` with `path` appended:
    /// - an empty path leaves `baseURL` unchanged (its query too);
    /// - exactly one `/` separates them, whether `baseURL` ends with one or `path` starts with one;
    /// - a trailing `/` in `path` is kept, and `"/"` adds one;
    /// - `path` is literal text: every character not allowed in a path (space, `?`, `#`, `%`,
    ///   non-ASCII…) is percent-encoded, `%` included, as Moya's `URL.appendingPathComponent`
    ///   did, so `/coupons/100%AB` is sent as `/coupons/100%25AB`; unless `percentEncoded` (the
    ///   target's ``TargetType/pathIsPercentEncoded``) says the path is escaped already: then its
    ///   `%` escapes are kept as written, and only the other characters not allowed are escaped;
    /// - a `baseURL` with an empty authority (`https://`, `https:`, what `URL(string: "https://\(host)")`
    ///   gives for an empty `host`) keeps it empty: `path` never becomes the host, so the URL names
    ///   no server and ``Endpoint/urlRequest()`` refuses it.
    static func string(baseURL: URL, path: String, percentEncoded: Bool = false) -> String {
        let base = baseURL.absoluteString
        guard !path.isEmpty else { return base }
        let escaped = percentEncoded ? PercentEncoding.encodedPathEscaped(path) : PercentEncoding.pathEscaped(path)
        if let scheme = schemeOfEmptyAuthority(base) {
            return scheme + ":///" + escaped.drop { $0 == "/" }
        }
        let separator = escaped.utf8.first == UInt8(ascii: "/") ? "" : "/"
        // Runs for every request: the checks read UTF-8 bytes, not Characters, which are far slower.
        guard UTF8Scan.contains(in: base, where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
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

    /// The scheme of `base` when nothing but slashes follows it (`https:`, `https:/`, `https://`,
    /// `https:///`): joined naively to a path, such a base would read the path's first segment as
    /// its host. `nil` for every other base.
    private static func schemeOfEmptyAuthority(_ base: String) -> Substring? {
        let bytes = base.utf8
        // Runs for every request: most bases end with a letter, digit or a path after the host.
        guard bytes.last == UInt8(ascii: "/") || bytes.last == UInt8(ascii: ":"),
            let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            bytes[bytes.index(after: colon)...].allSatisfy({ $0 == UInt8(ascii: "/") })
        else { return nil }
        return base[..<colon]
    }
}
