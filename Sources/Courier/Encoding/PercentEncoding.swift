/// Percent-encoding of URL components (RFC 3986), working on UTF-8 bytes.
enum PercentEncoding {
    /// Characters left as they are in a query key or value: RFC 3986's unreserved set plus `/` and
    /// `?`, which §3.4 allows in a query and which servers never misread there. Everything else,
    /// including `&`, `=`, `+`, `[` and `]`, is escaped so that it cannot change the query's structure.
    private static let queryAllowed: [Bool] = table(extra: "/?")

    /// Characters left as they are in a path: unreserved, sub-delims, `:`, `@` and `/` (RFC 3986 §3.3).
    private static let pathAllowed: [Bool] = table(extra: "!$&'()*+,;=:@/")

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func table(extra: String) -> [Bool] {
        var allowed = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { allowed[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { allowed[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { allowed[Int(byte)] = true }
        for byte in "-._~".utf8 { allowed[Int(byte)] = true }
        for byte in extra.utf8 { allowed[Int(byte)] = true }
        return allowed
    }

    /// Escapes `string` for use as a query key or value, appending the result to `output`.
    static func appendQueryEscaped(_ string: String, to output: inout String) {
        appendEscaped(string, allowed: queryAllowed, to: &output)
    }

    /// Escapes `string` for use as a query key or value.
    static func queryEscaped(_ string: String) -> String {
        var output = ""
        appendQueryEscaped(string, to: &output)
        return output
    }

    /// Escapes `path` for a URL path: the text is literal, so every `%` is escaped too, as
    /// `URL.appendingPathComponent` does (and Moya with it): `100%AB` becomes `100%25AB`.
    static func pathEscaped(_ path: String) -> String {
        var output = ""
        appendEscaped(path, allowed: pathAllowed, to: &output)
        return output
    }

    /// Escapes a path that is already percent-encoded: its `%` escapes (`%2F`) are kept as written, and
    /// every other character not allowed in a path is escaped, a `%` that starts no escape included
    /// (`100%` becomes `100%25`).
    static func encodedPathEscaped(_ path: String) -> String {
        var output = ""
        appendEscaped(path, allowed: pathAllowed, keepingEscapes: true, to: &output)
        return output
    }

    /// Whether the `%` at `index` is followed by two hexadecimal digits.
    private static func startsEscape(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 2 < bytes.count else { return false }
        return isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }

    private static func appendEscaped(
        _ string: String, allowed: [Bool], keepingEscapes: Bool = false, to output: inout String
    ) {
        // Most keys, values and paths need no escaping: check them without copying their bytes.
        guard UTF8Scan.contains(in: string, where: { !allowed[Int($0)] }) else {
            output += string
            return
        }
        let bytes = Array(string.utf8)
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count * 3)
        for (index, byte) in bytes.enumerated() {
            if allowed[Int(byte)] || (keepingEscapes && byte == UInt8(ascii: "%") && startsEscape(bytes, at: index)) {
                escaped.append(byte)
            } else {
                escaped.append(UInt8(ascii: "%"))
                escaped.append(hexDigits[Int(byte >> 4)])
                escaped.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        output += String(decoding: escaped, as: UTF8.self)
    }
}
