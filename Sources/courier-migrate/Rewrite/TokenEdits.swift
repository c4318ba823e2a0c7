/// The changes planned for a file's tokens: a token's text replaced, or text inserted before a
/// token. Nothing else in the file changes.
struct TokenEdits {
    private var replacements: [Int: String] = [:]
    private var insertions: [Int: String] = [:]

    /// Whether nothing is planned.
    var isEmpty: Bool { replacements.isEmpty && insertions.isEmpty }

    /// Replaces the text of the token at `index` (an index into the file's tokens).
    mutating func replace(_ index: Int, with text: String) {
        replacements[index] = text
    }

    /// Inserts `text` before the token at `index`, after any text inserted there before.
    mutating func insert(_ text: String, before index: Int) {
        insertions[index, default: ""] += text
    }

    /// Whether the token at `index` already has a replacement.
    func isReplaced(_ index: Int) -> Bool {
        replacements[index] != nil
    }

    /// The file's text with the edits made (`index == tokens.count` inserts at the end), and the
    /// line of the new text on which each token starts.
    func applied(to tokens: [Token]) -> (text: String, lines: [Int]) {
        var text = ""
        var lines: [Int] = []
        lines.reserveCapacity(tokens.count)
        var line = 1
        for (index, token) in tokens.enumerated() {
            if let inserted = insertions[index] {
                text += inserted
                line += Self.lineBreaks(in: inserted)
            }
            lines.append(line)
            let written = replacements[index] ?? token.text
            text += written
            line += Self.lineBreaks(in: written)
        }
        if let trailing = insertions[tokens.count] { text += trailing }
        return (text, lines)
    }

    /// Line breaks as the lexer counts them: `\n`, `\r\n` and a lone `\r`.
    private static func lineBreaks(in text: String) -> Int {
        var count = 0
        var afterCarriageReturn = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                count += 1
                afterCarriageReturn = false
            } else {
                if afterCarriageReturn { count += 1 }
                afterCarriageReturn = byte == UInt8(ascii: "\r")
            }
        }
        return afterCarriageReturn ? count + 1 : count
    }
}
