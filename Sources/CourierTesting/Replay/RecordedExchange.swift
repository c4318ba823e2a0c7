import Courier

/// One recording file: a request and its response, as readable JSON. The response body is in a
/// file of its own next to it (`<name>.body.json`, `.txt` or `.bin`).
struct RecordedExchange: Codable, Sendable {
    struct Request: Codable, Sendable {
        /// `GET`
        var method: String
        /// The URL as sent, secrets hidden.
        var url: String
        /// The request's own headers, secrets hidden.
        var headers: [String: String]
        /// The body as text, secrets hidden; its size when it is not text; `nil` without a body.
        var body: String?
        /// The key replay matches requests by (see ``RecordingKey``).
        var match: String
    }

    struct Response: Codable, Sendable {
        /// The status code.
        var statusCode: Int
        /// The headers, secrets hidden.
        var headers: [String: String]
        /// The name of the body's file; `nil` for an empty body.
        var bodyFile: String?
        /// How the body file relates to the bytes received.
        var bodyLayout: BodyLayout?
    }

    enum BodyLayout: String, Codable, Sendable {
        /// The file holds the body as received (secret JSON values hidden).
        case asReceived
        /// The body was compact JSON; the file holds it indented, and replay removes the
        /// indentation again.
        case prettyPrinted
    }

    var request: Request
    var response: Response
}

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
                decoding: JSONText.redactingValues(forKeys: redaction.queryParameterNames, in: body), as: UTF8.self)
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
            return redaction.queryParameterNames.contains(decoded) ? name + "=%3Credacted%3E" : String(pair)
        }.joined(separator: "&")
    }

    /// A response body as it is written to its file, with the file extension and layout.
    static func responseFile(_ body: Data, _ redaction: Redaction) -> (
        data: Data, pathExtension: String, layout: RecordedExchange.BodyLayout
    ) {
        guard JSONText.isJSON(body) else {
            return (body, String(data: body, encoding: .utf8) == nil ? "bin" : "txt", .asReceived)
        }
        let redacted = JSONText.redactingValues(forKeys: redaction.queryParameterNames, in: body)
        guard JSONText.compacted(redacted) == redacted else { return (redacted, "json", .asReceived) }
        return (JSONText.prettyPrinted(redacted), "json", .prettyPrinted)
    }

    /// The body replay answers with, from its file's contents.
    static func replayed(_ file: Data, layout: RecordedExchange.BodyLayout?) -> Data {
        layout == .prettyPrinted ? JSONText.compacted(file) : file
    }
}
