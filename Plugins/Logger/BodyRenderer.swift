import Courier

/// How the logger shows a body: readable and bounded. Secrets are hidden afterwards, with the rest
/// of the entry, by ``Redaction/redacting(_:)``, which finds them in whatever is shown: pretty or
/// compact JSON, NDJSON, forms, header lines, a body cut short.
///
/// - Binary bodies (a known signature, or bytes that are not UTF-8 text) are summarised as
///   `<4096 bytes, image/png>`, never dumped.
/// - JSON is pretty-printed when asked for (up to ``jsonParseLimit``).
/// - Whatever is shown is cut after `maximumSize` bytes, and the body's total size stated.
struct BodyRenderer {
    /// JSON bodies up to this size (1 MiB) are parsed to be pretty-printed; a larger one is shown
    /// as sent.
    static let jsonParseLimit = 1 << 20

    let maximumSize: Int
    let prettyPrintsJSON: Bool

    init(_ configuration: NetworkLoggerPlugin.Configuration) {
        maximumSize = max(configuration.maximumBodySize, 0)
        prettyPrintsJSON = configuration.prettyPrintsJSON
    }

    /// The body as the log shows it; `contentType` (the declared one, if any) names a summary.
    func render(_ data: Data, contentType: String?) -> String {
        guard !data.isEmpty else { return "<empty>" }
        if let sniffed = MediaTypeSniffer.binaryType(of: data) {
            return summary(of: data, type: contentType ?? sniffed)
        }
        if prettyPrintsJSON, BodyRedaction.startsLikeJSON(data), let json = prettyJSON(data) {
            return cut(json, total: data.count)
        }
        guard let text = Self.text(data.prefix(maximumSize)) else {
            return summary(of: data, type: contentType ?? "application/octet-stream")
        }
        return data.count > maximumSize ? text + Self.truncationNote(total: data.count) : text
    }

    // MARK: - JSON

    /// The JSON pretty-printed (keys sorted, two-space indentation); `nil` when it is too large or
    /// not valid JSON.
    private func prettyJSON(_ data: Data) -> Data? {
        guard data.count <= Self.jsonParseLimit,
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        let options: JSONSerialization.WritingOptions = [
            .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed, .prettyPrinted,
        ]
        return try? JSONSerialization.data(withJSONObject: object, options: options)
    }

    // MARK: - Text

    /// `rendered` as text, cut after ``maximumSize`` bytes with a note stating `total`.
    private func cut(_ rendered: Data, total: Int) -> String {
        let shown = Self.text(rendered.prefix(maximumSize)) ?? ""
        return rendered.count > maximumSize ? shown + Self.truncationNote(total: total) : shown
    }

    /// The bytes as UTF-8 text, allowing a character cut in two at the end; `nil` for bytes that
    /// are not text (invalid UTF-8, or control characters other than tab and line breaks).
    private static func text(_ bytes: Data) -> String? {
        var decoded: String?
        for dropped in 0...min(3, bytes.count) {
            decoded = String(utf8Validating: bytes.dropLast(dropped))
            if decoded != nil { break }
        }
        guard let decoded,
            !decoded.unicodeScalars.contains(where: {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t") || $0.value == 0x7F
            })
        else { return nil }
        return decoded
    }

    private static func truncationNote(total: Int) -> String {
        "… (truncated; \(total) bytes in total)"
    }

    private func summary(of data: Data, type: String) -> String {
        "<\(data.count) bytes, \(type)>"
    }
}
