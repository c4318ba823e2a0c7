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

    /// The file's text with the edits made; `index == tokens.count` inserts at the end.
    func applied(to tokens: [Token]) -> String {
        var text = ""
        for (index, token) in tokens.enumerated() {
            if let inserted = insertions[index] { text += inserted }
            text += replacements[index] ?? token.text
        }
        if let trailing = insertions[tokens.count] { text += trailing }
        return text
    }
}
