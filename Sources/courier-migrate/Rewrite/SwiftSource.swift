/// The tokens of a file, with the positions of its code tokens (no whitespace, no comments), so
/// that rules can look at the code before and after a name.
struct SwiftSource {
    let tokens: [Token]
    /// Indices into `tokens` of the code tokens, in order. Rules call an index into this array a
    /// *position*.
    let code: [Int]

    init(tokens: [Token]) {
        self.tokens = tokens
        code = tokens.indices.filter { tokens[$0].isSignificant }
    }

    /// The code token at `position`, or `nil` past either end.
    subscript(position: Int) -> Token? {
        code.indices.contains(position) ? tokens[code[position]] : nil
    }

    /// Whether the code token at `position` is the identifier `name`.
    func isIdentifier(_ position: Int, _ name: String) -> Bool {
        self[position]?.isIdentifier(name) ?? false
    }

    /// Whether the code token at `position` is the punctuation `mark`.
    func isPunctuation(_ position: Int, _ mark: String) -> Bool {
        self[position]?.isPunctuation(mark) ?? false
    }

    /// Whether a line break separates the code tokens at `position` and `position + 1`.
    func lineBreakFollows(_ position: Int) -> Bool {
        guard position + 1 < code.count else { return true }
        return tokens[code[position] + 1..<code[position + 1]].contains { $0.kind == .newline }
    }

    /// The position of the bracket that closes the one at `position` (`(`, `[`, `{` or `<`), or `nil`
    /// when the file ends first. Angle brackets count only angle brackets.
    func closingBracket(of position: Int) -> Int? {
        guard let open = self[position]?.text, let close = Self.pairs[open] else { return nil }
        var depth = 0
        var current = position
        while let token = self[current] {
            if token.kind == .punctuation {
                if token.text == open { depth += 1 }
                if token.text == close { depth -= 1 }
                if depth == 0 { return current }
            }
            current += 1
        }
        return nil
    }

    private static let pairs = ["(": ")", "[": "]", "{": "}", "<": ">"]

    /// The names of the types, type aliases and generic parameters this file declares; rules never
    /// rename them, nor the references to them.
    var declaredTypeNames: Set<String> {
        var names: Set<String> = []
        for position in code.indices {
            guard let token = self[position], token.kind == .identifier else { continue }
            if Self.typeIntroducers.contains(token.text), let name = self[position + 1], name.kind == .identifier {
                names.insert(name.text)
            }
        }
        return names
    }

    private static let typeIntroducers: Set<String> = [
        "class", "struct", "enum", "protocol", "typealias", "actor", "associatedtype",
    ]
}
