import Courier

/// How the logger shows a body: readable, bounded, and without secrets.
///
/// - Binary bodies (a known signature, or bytes that are not UTF-8 text) are summarised as
///   `<4096 bytes, image/png>`, never dumped.
/// - JSON is parsed, its secrets hidden (see ``BodyRedaction``), and pretty-printed when asked for.
/// - Other text has secret `name=value` pairs hidden, as in a form body.
/// - Whatever is shown is cut after `maximumSize` bytes, and the body's total size stated.
struct BodyRenderer {
    /// JSON bodies up to this size (1 MiB) are parsed; a larger one is summarised, because its
    /// secrets could not be found without reading all of it.
    static let jsonParseLimit = 1 << 20

    let maximumSize: Int
    let prettyPrintsJSON: Bool
    let redaction: Redaction

    init(_ configuration: NetworkLoggerPlugin.Configuration) {
        maximumSize = max(configuration.maximumBodySize, 0)
        prettyPrintsJSON = configuration.prettyPrintsJSON
        redaction = configuration.redaction
    }

    /// The body as the log shows it; `contentType` (the declared one, if any) names a summary.
    func render(_ data: Data, contentType: String?) -> String {
        guard !data.isEmpty else { return "<empty>" }
        if let sniffed = MediaTypeSniffer.binaryType(of: data) {
            return summary(of: data, type: contentType ?? sniffed)
        }
        if BodyRedaction.startsLikeJSON(data) {
            if let json = renderedJSON(data) { return cut(json, total: data.count) }
            if data.count > Self.jsonParseLimit && redaction != .none {
                return summary(of: data, type: contentType ?? "application/json")
            }
        }
        guard let text = Self.text(data.prefix(maximumSize)) else {
            return summary(of: data, type: contentType ?? "application/octet-stream")
        }
        let shown = BodyRedaction(redaction: redaction).text(text)
        return data.count > maximumSize ? shown + Self.truncationNote(total: data.count) : shown
    }

    // MARK: - JSON

    /// The JSON re-encoded: pretty-printed when asked for, compact (keys sorted) when a secret
    /// had to be hidden; `nil` when it is shown as sent, or is not valid JSON.
    private func renderedJSON(_ data: Data) -> Data? {
        guard data.count <= Self.jsonParseLimit, prettyPrintsJSON || redaction != .none,
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        var changed = false
        let redacted = BodyRedaction(redaction: redaction).json(object, changed: &changed)
        guard prettyPrintsJSON || changed else { return nil }
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        if prettyPrintsJSON { options.insert(.prettyPrinted) }
        return try? JSONSerialization.data(withJSONObject: redacted, options: options)
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
