/// Small helpers for header dictionaries, whose names are case-insensitive (RFC 9110 §5.1).
enum HTTPHeaders {
    /// `headers` with `new` merged in; a new value replaces an old one whatever the names' case.
    static func merging(_ headers: [String: String]?, with new: [String: String]) -> [String: String] {
        var merged = headers ?? [:]
        for (name, value) in new {
            for existing in merged.keys where existing != name && existing.caseInsensitiveEquals(name) {
                merged[existing] = nil
            }
            merged[name] = value
        }
        return merged
    }

    /// The value of header `name`, whatever its case in `headers`.
    static func value(_ name: String, in headers: [String: String]?) -> String? {
        guard let headers else { return nil }
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.caseInsensitiveEquals(name) }?.value
    }

    /// Header fields as a `[lowercased name: value]` dictionary, for comparisons.
    static func normalized(_ fields: [AnyHashable: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in fields {
            result[String(describing: name).lowercased()] = String(describing: value)
        }
        return result
    }
}

extension String {
    /// ASCII case-insensitive equality, enough for header and parameter names.
    ///
    /// Compared through pointers to both strings' UTF-8 where they are native (almost always):
    /// iterating two `UTF8View`s in step cost about 25 instructions a byte, and every request
    /// compares names this way (the head's fields, the session's headers, redirects).
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        let contiguous = lhs.withContiguousStorageIfAvailable { left in
            rhs.withContiguousStorageIfAvailable { right in
                for offset in 0..<left.count where !Self.sameIgnoringASCIICase(left[offset], right[offset]) {
                    return false
                }
                return true
            }
        }
        if let contiguous, let equal = contiguous { return equal }
        return zip(lhs, rhs).allSatisfy(Self.sameIgnoringASCIICase)
    }

    /// Whether two bytes are the same, or the same ASCII letter in either case.
    @inline(__always)
    static func sameIgnoringASCIICase(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
    }
}
