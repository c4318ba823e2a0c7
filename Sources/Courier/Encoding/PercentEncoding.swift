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

    private static func appendEscaped(_ string: String, allowed: [Bool], to output: inout String) {
        // Most keys, values and paths need no escaping: check them without copying their bytes.
        guard UTF8Scan.contains(in: string, where: { !allowed[Int($0)] }) else {
            output += string
            return
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(string.utf8.count * 3)
        for byte in string.utf8 {
            if allowed[Int(byte)] {
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
