import Courier

/// How bodies are written into recordings and read back.
enum RecordedBody {
    /// A request body as text for the recording, secrets hidden.
    static func requestText(_ body: Data?, contentType: String?, _ redaction: Redaction) -> String? {
        guard let body, !body.isEmpty else { return nil }
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            return redactedForm(body, redaction)
        }
        if JSONText.isJSON(body) {
            return String(
                decoding: JSONText.redactingValues(hiddenBy: redaction, in: body), as: UTF8.self)
        }
        let isMultipart = contentType?.lowercased().hasPrefix("multipart/") ?? false
        if !isMultipart, let text = String(data: body, encoding: .utf8) {
            return text
        }
        return "(\(body.count) bytes)"
    }

    /// A form body with the values of secret fields hidden; field order is kept.
    static func redactedForm(_ body: Data, _ redaction: Redaction) -> String {
        String(decoding: body, as: UTF8.self).split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let decoded = (name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name).lowercased()
            return redaction.hides(decoded) ? name + "=%3Credacted%3E" : String(pair)
        }.joined(separator: "&")
    }

    /// A response body as it is written to its file, with the file extension and layout.
    static func responseFile(_ body: Data, _ redaction: Redaction) -> (
        data: Data, pathExtension: String, layout: RecordedExchange.BodyLayout
    ) {
        guard JSONText.isJSON(body) else {
            return (body, String(data: body, encoding: .utf8) == nil ? "bin" : "txt", .asReceived)
        }
        let redacted = JSONText.redactingValues(hiddenBy: redaction, in: body)
        guard JSONText.compacted(redacted) == redacted else { return (redacted, "json", .asReceived) }
        return (JSONText.prettyPrinted(redacted), "json", .prettyPrinted)
    }

    /// The file extension of a streamed body, which is written as it arrives: `txt` for text
    /// (`text/…`, event streams, JSON and JSON lines), `bin` for anything else.
    static func streamExtension(contentType: String?) -> String {
        let type = (contentType ?? "").lowercased()
        let isText = type.hasPrefix("text/") || type.contains("json") || type.contains("ndjson")
        return isText ? "txt" : "bin"
    }

    /// The body replay answers with, from its file's contents.
    static func replayed(_ file: Data, layout: RecordedExchange.BodyLayout?) -> Data {
        layout == .prettyPrinted ? JSONText.compacted(file) : file
    }
}
