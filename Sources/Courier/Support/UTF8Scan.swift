/// Looks for a byte in a string's UTF-8 through a pointer to its storage: the checks that run on
/// every request's URL and headers. Iterating `String.UTF8View` costs about 25 instructions a
/// byte (an index and a bounds check each step); a native string's contiguous bytes cost 3 to 4.
enum UTF8Scan {
    /// The offset of the first UTF-8 byte of `text` for which `matches` is true, or `nil`.
    @inline(__always)
    static func firstOffset(in text: String, where matches: (UInt8) -> Bool) -> Int? {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            for offset in 0..<bytes.count where matches(base[offset]) { return offset }
            return nil
        }
        if let found { return found }
        // A bridged or otherwise foreign string: its bytes one at a time.
        var offset = 0
        for byte in text.utf8 {
            if matches(byte) { return offset }
            offset += 1
        }
        return nil
    }

    /// Whether a UTF-8 byte of `text` matches.
    @inline(__always)
    static func contains(in text: String, where matches: (UInt8) -> Bool) -> Bool {
        firstOffset(in: text, where: matches) != nil
    }
}
