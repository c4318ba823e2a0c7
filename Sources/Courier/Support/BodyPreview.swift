import Foundation

/// A short, safe rendering of a body for error messages and logs.
enum BodyPreview {
    /// How many bytes of a body a description shows.
    static let limit = 256

    /// Bodies up to this size have their secrets hidden field by field before they are cut;
    /// larger ones are cut first and then treated as text.
    static let redactionLimit = 64 * 1024

    /// `body: {"a":1}`, `body: <empty>`, `body: <4096 bytes of binary data>`, or the first
    /// ``limit`` bytes of text followed by `… (12345 bytes)`. Values of secret JSON keys and form
    /// fields (by `redaction`'s names) are hidden, such as a token in a login response.
    static func describe(_ data: Data, redaction: Redaction = .default) -> String {
        guard !data.isEmpty else { return "body: <empty>" }
        let redactor = BodyRedaction(redaction: redaction)
        let shown = data.count <= redactionLimit ? redactor.body(data) : data
        var prefix = shown.prefix(limit)
        if data.count > redactionLimit, let text = String(utf8Validating: prefix) {
            prefix = Data(redactor.text(text).utf8)
        }
        guard let text = String(utf8Validating: prefix) ?? validPrefix(prefix),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t" })
        else {
            return "body: <\(data.count) bytes of binary data>"
        }
        let flattened = text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        return shown.count > limit ? "body: \(flattened)… (\(data.count) bytes)" : "body: \(flattened)"
    }

    /// The prefix cut at a UTF-8 character boundary, when only the last character was cut in two.
    private static func validPrefix(_ data: Data) -> String? {
        for cut in 1...3 where data.count > cut {
            if let text = String(utf8Validating: data.dropLast(cut)) { return text }
        }
        return nil
    }
}
