/// One piece of a Swift source file. The tokens of a file, joined, give back the file byte for byte.
struct Token: Equatable {
    /// What a token is, as far as the migration needs to know.
    enum Kind: Equatable {
        /// Spaces and tabs.
        case whitespace
        /// One line break (`\n`, `\r\n` or `\r`).
        case newline
        /// A `//` or `/* */` comment, documentation comments included.
        case comment
        /// A string literal of any form (multi-line, raw, with interpolations) or a `#/…/#` regex,
        /// from its opening delimiter to its closing one. Never rewritten.
        case string
        /// A name: a keyword, an identifier, a backquoted identifier, `$0`, `#if` or `@escaping`.
        case identifier
        /// A number literal.
        case number
        /// Anything else: one character, or `->`.
        case punctuation
    }

    let kind: Kind
    /// The token's bytes, UTF-8.
    let text: String
    /// The line the token starts on, from 1.
    let line: Int

    /// Whether the token is code rather than whitespace or a comment.
    var isSignificant: Bool {
        switch kind {
        case .whitespace, .newline, .comment: false
        default: true
        }
    }

    /// Whether the token is the identifier `name`.
    func isIdentifier(_ name: String) -> Bool {
        kind == .identifier && text == name
    }

    /// Whether the token is the punctuation `mark`.
    func isPunctuation(_ mark: String) -> Bool {
        kind == .punctuation && text == mark
    }
}
