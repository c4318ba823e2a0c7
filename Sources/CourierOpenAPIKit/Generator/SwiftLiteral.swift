import Foundation

/// Swift literals and comments written by the generator.
enum SwiftLiteral {
    /// `text` as a Swift string literal: `"…"` with escapes.
    static func string(_ text: String) -> String {
        var output = ""
        QuotedText.append(text, to: &output, escaping: needsEscape, as: { "\\u{\(String($0, radix: 16))}" })
        return output
    }

    /// Whether a scalar is written escaped in any literal: control characters, DEL, and the line and
    /// paragraph separators (which editors show as line breaks).
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
    }

    /// `text` as a raw string literal (`#"…"#`, with as many `#` as it needs) on one line: the
    /// cheapest literal for the compiler, since nothing in it is interpolated or escaped. Text with a
    /// line break or a control character is written as an ordinary literal.
    static func raw(_ text: String) -> String {
        if text.unicodeScalars.contains(where: needsEscape) { return string(text) }
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }

    /// `text` as `///` lines indented by `indent`; nothing for `nil` or empty text.
    static func doc(_ text: String?, indent: String) -> String {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return "" }
        var output = ""
        var blank = false
        for line in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            let trimmed = line.replacingOccurrences(of: "\t", with: "    ").trimmingTrailingSpaces()
            if trimmed.isEmpty {
                blank = true
                continue
            }
            if blank, !output.isEmpty { output += indent + "///\n" }
            blank = false
            output += indent + "/// " + trimmed + "\n"
        }
        return output
    }
}

extension String {
    /// The text without trailing spaces.
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
