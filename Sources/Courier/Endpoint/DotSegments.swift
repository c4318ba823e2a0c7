/// Finds `.` and `..` segments in a URL's path, which servers and proxies resolve, so that a path
/// built from user input (`/files/\(name)` with `name` = `../../admin`) could climb out of the
/// base URL's path. Courier sends no URL with one (``Endpoint/urlRequest()`` refuses it).
///
/// Percent-encoded dots (`%2E`, `%2e`) count as dots: RFC 3986 §6.2.2.2 makes them the same
/// character, and servers decode them before resolving. A target's `path` cannot produce them
/// (its `%` is escaped), but an endpoint's URL built by hand can.
enum DotSegments {
    /// The first `.` or `..` segment of the path of `url`, or `nil`.
    static func first(in url: String) -> String? {
        // Runs for every request: most URLs have no segment that starts with a dot or an escape.
        var previous: UInt8 = 0
        let mayHaveOne = UTF8Scan.contains(in: url) { byte in
            defer { previous = byte }
            return previous == UInt8(ascii: "/") && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%"))
        }
        guard mayHaveOne else { return nil }
        let bytes = Array(url.utf8)
        var index = pathStart(in: bytes)
        guard index < bytes.count else { return nil }
        while index < bytes.count {
            var end = index
            while end < bytes.count, !isSegmentEnd(bytes[end]) { end += 1 }
            if isDotSegment(bytes[index..<end]) { return String(decoding: bytes[index..<end], as: UTF8.self) }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "/") else { return nil }
            index = end + 1
        }
        return nil
    }

    /// Where the path starts: after `scheme://authority`, or at 0 for text without one.
    private static func pathStart(in bytes: [UInt8]) -> Int {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return 0 }
        var index = colon + 3
        while index < bytes.count, !isSegmentEnd(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "/") ? index + 1 : bytes.count
    }

    private static func isSegmentEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// `.`, `..`, or either with dots written as `%2E`/`%2e`.
    private static func isDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        var dots = 0
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == UInt8(ascii: ".") {
                index += 1
            } else if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex,
                segment[index + 1] == UInt8(ascii: "2"),
                segment[index + 2] | 0x20 == UInt8(ascii: "e")
            {
                index += 3
            } else {
                return false
            }
            dots += 1
        }
        return dots == 1 || dots == 2
    }
}
