/// Small helpers for header dictionaries, whose names are case-insensitive (RFC 9110 §5.1).
enum HTTPHeaders {
    /// `headers` with `new` merged in; a new value replaces an old one whatever the names' case.
    static func merging(_ headers: [String: String]?, with new: [String: String]) -> [String: String] {
        var merged = headers ?? [:]
        for (name, value) in new {
            removeOtherSpellings(of: name, from: &merged)
            merged[name] = value
        }
        return merged
    }

    /// Removes the fields named `name` in another case than its own. Each is found before it is
    /// removed: removing while the keys were walked copied the whole dictionary for each match.
    static func removeOtherSpellings(of name: String, from headers: inout [String: String]) {
        while let other = headers.keys.first(where: { $0.caseInsensitiveEquals(name) && $0 != name }) {
            headers[other] = nil
        }
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
            rhs.withContiguousStorageIfAvailable { right in Self.sameIgnoringASCIICase(left, right) }
        }
        if let contiguous, let equal = contiguous { return equal }
        return zip(lhs, rhs).allSatisfy(Self.sameIgnoringASCIICase)
    }

    /// Whether two runs of bytes are the same but for the case of ASCII letters.
    static func sameIgnoringASCIICase(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for offset in 0..<lhs.count where !sameIgnoringASCIICase(lhs[offset], rhs[offset]) { return false }
        return true
    }

    /// Whether two bytes are the same, or the same ASCII letter in either case.
    @inline(__always)
    static func sameIgnoringASCIICase(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
    }
}
