import Foundation

/// Hides secrets inside bodies, by the names in a ``Redaction``: the values of JSON keys that are
/// secret header or query-parameter names (at any depth), secret query parameters inside JSON
/// strings that are URLs, and secret `name=value` pairs in form bodies and other text.
package struct BodyRedaction {
    package let redaction: Redaction

    /// Creates a body redaction by the names in `redaction`.
    package init(redaction: Redaction) {
        self.redaction = redaction
    }

    /// Whether `data`, after any leading whitespace, starts like a JSON object or array.
    package static func startsLikeJSON(_ data: Data) -> Bool {
        let first = data.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The parsed JSON `value` with secrets hidden; `changed` is set when something was hidden.
    package func json(_ value: Any, changed: inout Bool) -> Any {
        switch value {
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, member) in object {
                if hidesKey(key) {
                    result[key] = Redaction.placeholder
                    changed = true
                } else {
                    result[key] = json(member, changed: &changed)
                }
            }
            return result
        case let array as [Any]:
            return array.map { json($0, changed: &changed) }
        case let string as String:
            guard string.hasPrefix("http"), string.contains("?") || string.contains("@"), let url = URL(string: string)
            else { return string }
            let redacted = redaction.url(url)
            if redacted != string { changed = true }
            return redacted
        default:
            return value
        }
    }

    /// `text` with secret `name=value` pairs hidden, as in a form body.
    package func text(_ text: String) -> String {
        redaction.redactedQuery(text)
    }

    /// `body` with its secrets hidden, for a command line that replays the request: the same
    /// bytes when it holds none; JSON re-encoded compactly (keys sorted) when it does.
    package func body(_ body: Data) -> Data {
        guard redaction != .none else { return body }
        if Self.startsLikeJSON(body), let object = try? JSONSerialization.jsonObject(with: body, options: []) {
            var changed = false
            let redacted = json(object, changed: &changed)
            guard changed else { return body }
            let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
            return (try? JSONSerialization.data(withJSONObject: redacted, options: options))
                ?? Data(Redaction.placeholder.utf8)
        }
        guard let original = String(utf8Validating: body) else { return body }
        let redacted = text(original)
        return redacted == original ? body : Data(redacted.utf8)
    }

    private func hidesKey(_ key: String) -> Bool {
        redaction.hidesHeader(key) || redaction.queryParameterNames.contains(key.lowercased())
    }
}
