import Foundation

/// Hides secrets inside bodies by the names of a ``Redaction``, through its one text function,
/// ``Redaction/redacting(_:)``: JSON members at any depth, `name=value` pairs, header lines, XML
/// elements, whatever the body's shape.
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

    /// `text` with its secrets hidden.
    package func text(_ text: String) -> String {
        redaction.redacting(text)
    }

    /// `body` with its secrets hidden, for a command line that replays the request: the same
    /// bytes when it holds none, and only the secret values changed when it does. A body that is
    /// not UTF-8 text is returned as it is.
    package func body(_ body: Data) -> Data {
        guard redaction.isActive, let original = String(utf8Validating: body) else { return body }
        let redacted = redaction.redacting(original)
        return redacted == original ? body : Data(redacted.utf8)
    }
}
