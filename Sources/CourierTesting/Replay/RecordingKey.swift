import Courier

/// What makes a request match a recording: its method, its URL with the query sorted by name,
/// and a fingerprint of its body; with secrets hidden by the transport's ``Redaction``, so a
/// replayed request matches whatever secret it carries. Headers are not part of it.
struct RecordingKey: Hashable, Sendable {
    /// `GET`
    let method: String
    /// The URL without fragment, query items sorted by name (values of one name keep their
    /// order), secret values hidden.
    let url: String
    /// `none`, or `fnv1a64:<hex>` of the canonical body: JSON with sorted keys (numbers and
    /// strings as written, so the same on every platform), a form with secrets hidden, a
    /// multipart body with a fixed boundary, or the bytes as they are.
    let body: String

    init(_ request: URLRequest, body: Data?, redaction: Redaction) {
        method = (request.httpMethod ?? "GET").uppercased()
        url = request.url.map { Self.canonicalURL($0, redaction) } ?? "(no URL)"
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        self.body = body.map { Self.fingerprint($0, contentType: contentType, redaction) } ?? "none"
    }

    /// `GET http://host/anything?a=1&b=2 body=none`: what a recording file stores as `match`.
    var text: String { "\(method) \(url) body=\(body)" }

    /// `GET-anything-1a2b3c4d`: readable, and unique per key.
    var fileBase: String {
        let hash = String(FNV1a.hash(Data(text.utf8)) >> 32, radix: 16)
        return filePrefix + String(repeating: "0", count: 8 - hash.count) + hash
    }

    /// `GET-anything-`: the start of every file name for this method and path, for finding near misses.
    var filePrefix: String {
        let path = URL(string: url).flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.path } ?? ""
        return "\(method)-\(Self.slug(path))-"
    }

    // MARK: - Canonical forms

    private static func canonicalURL(_ url: URL, _ redaction: Redaction) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return redaction.url(url)
        }
        components.fragment = nil
        if let items = components.percentEncodedQueryItems {
            let sorted = items.enumerated().sorted { lhs, rhs in
                lhs.element.name == rhs.element.name ? lhs.offset < rhs.offset : lhs.element.name < rhs.element.name
            }
            components.percentEncodedQueryItems = sorted.isEmpty ? nil : sorted.map(\.element)
        }
        return components.url.map(redaction.url) ?? redaction.url(url)
    }

    private static func fingerprint(_ body: Data, contentType: String?, _ redaction: Redaction) -> String {
        guard !body.isEmpty else { return "none" }
        let canonical: Data
        let type = contentType?.lowercased() ?? ""
        if let boundary = Self.boundary(in: contentType) {
            canonical = body.replacing(Data(boundary.utf8), with: Data("boundary".utf8))
        } else if type.hasPrefix("application/x-www-form-urlencoded") {
            canonical = Data(RecordedBody.redactedForm(body, redaction).utf8)
        } else if let json = JSONText.canonical(
            JSONText.redactingValues(hiddenBy: redaction, in: body))
        {
            canonical = json
        } else {
            canonical = body
        }
        return "fnv1a64:" + String(FNV1a.hash(canonical), radix: 16)
    }

    /// The multipart boundary, which is random per request and so left out of the match.
    private static func boundary(in contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/") else { return nil }
        let parameter = contentType.split(separator: ";").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased().hasPrefix("boundary=") }
        return parameter.map { String($0.dropFirst("boundary=".count)).trimmingCharacters(in: ["\""]) }
    }

    private static func slug(_ path: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._")
        let joined = path.split(separator: "/").joined(separator: "_")
        let cleaned = String(joined.map { allowed.contains($0) ? $0 : "_" }.prefix(60))
        return cleaned.isEmpty ? "root" : cleaned
    }
}
