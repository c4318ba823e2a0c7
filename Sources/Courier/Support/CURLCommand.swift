import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `curl` command line that replays a request in a POSIX shell: method, URL, headers and body,
/// each quoted so that no character changes its meaning.
struct CURLCommand {
    let request: URLRequest
    let sessionHeaders: [String: String]
    let redaction: Redaction

    var text: String {
        var parts = ["curl"]
        let method = request.httpMethod ?? "GET"
        if method == "HEAD" {
            parts.append("--head")
        } else {
            parts.append("-X \(method)")
        }
        var headers = sessionHeaders
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            headers = HTTPHeaders.merging(headers, with: [name: value])
        }
        for name in headers.keys.sorted() {
            let value = redaction.headerValue(headers[name] ?? "", forName: name)
            parts.append("-H " + Self.quoted("\(name): \(value)"))
        }
        if let body = request.httpBody, !body.isEmpty {
            parts.append("--data-binary " + Self.quoted(BodyRedaction(redaction: redaction).body(body)))
        }
        parts.append(Self.quoted(request.url.map(redaction.url) ?? ""))
        return parts.joined(separator: " ")
    }

    /// Single-quoted text, or ANSI-C quoting (`$'…'`) when the bytes are not printable UTF-8.
    static func quoted(_ text: String) -> String {
        quoted(Data(text.utf8))
    }

    static func quoted(_ bytes: Data) -> String {
        if let text = String(utf8Validating: bytes),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var escaped = "$'"
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): escaped += "\\\\"
            case UInt8(ascii: "'"): escaped += "\\'"
            case 0x20..<0x7F: escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default: escaped += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return escaped + "'"
    }
}
