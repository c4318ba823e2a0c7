/// Undoes JSON string escapes in a name, so that `"acc\u0065ss_token"` is read as `access_token`.
enum JSONEscapes {
    /// The text of `bytes` (the inside of a JSON string) with its escapes undone; an escape that is
    /// not valid is kept as it is.
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < text.count {
            let scalar = text[index]
            guard scalar == "\\", index + 1 < text.count else {
                scalars.append(scalar)
                index += 1
                continue
            }
            let escaped = text[index + 1]
            if escaped == "u", index + 5 < text.count,
                let value = UInt32(String(String.UnicodeScalarView(text[(index + 2)...(index + 5)])), radix: 16),
                let decoded = Unicode.Scalar(value)
            {
                scalars.append(decoded)
                index += 6
                continue
            }
            let simple: [Unicode.Scalar: Unicode.Scalar] = [
                "n": "\n", "t": "\t", "r": "\r", "b": "\u{8}", "f": "\u{C}",
            ]
            scalars.append(simple[escaped] ?? escaped)
            index += 2
        }
        return String(scalars)
    }
}
