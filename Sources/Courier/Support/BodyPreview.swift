import Foundation

/// A short, safe rendering of a body for error messages and logs.
enum BodyPreview {
    /// How many bytes of a body a description shows.
    static let limit = 256

    /// `body: {"a":1}`, `body: <empty>`, `body: <4096 bytes of binary data>`, or the first
    /// ``limit`` bytes of text followed by `… (12345 bytes)`. Secret values (by `redaction`) are
    /// hidden, such as a token in a login response, whatever the body's shape: JSON, NDJSON, a
    /// form, header lines, or a document cut at the limit.
    static func describe(_ data: Data, redaction: Redaction = .default) -> String {
        guard !data.isEmpty else { return "body: <empty>" }
        let prefix = data.prefix(limit)
        guard let text = String(utf8Validating: prefix) ?? validPrefix(prefix),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t" })
        else {
            return "body: <\(data.count) bytes of binary data>"
        }
        // Redacted before the line breaks are flattened: header lines and YAML are found by them.
        let flattened = redaction.redacting(text).replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\n", with: "\\n")
        return data.count > limit ? "body: \(flattened)… (\(data.count) bytes)" : "body: \(flattened)"
    }

    /// The prefix cut at a UTF-8 character boundary, when only the last character was cut in two.
    private static func validPrefix(_ data: Data) -> String? {
        for cut in 1...3 where data.count > cut {
            if let text = String(utf8Validating: data.dropLast(cut)) { return text }
        }
        return nil
    }
}
