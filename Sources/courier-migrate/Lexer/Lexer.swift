/// Splits Swift source into tokens without losing a byte, so that a rewrite can change names and
/// leave everything else (strings, comments, spacing, line endings) exactly as it was.
///
/// It knows every string form (`"…"`, `"""…"""`, raw `#"…"#` with any number of `#`, interpolations
/// nested to any depth, `#/…/#` regexes) and nested block comments. What it cannot read to the end
/// (an unterminated literal or comment, an unterminated interpolation) throws a ``LexError``.
struct Lexer {
    private let bytes: [UInt8]
    private var line = 1
    /// How many interpolations the lexer is inside; bounded so that no input can exhaust the stack.
    private var interpolationDepth = 0
    private static let maximumInterpolationDepth = 64

    private init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// The tokens of `source`, in order.
    static func tokens(of source: String) throws(LexError) -> [Token] {
        var lexer = Lexer(source)
        var tokens: [Token] = []
        var index = 0
        while index < lexer.bytes.count {
            let startLine = lexer.line
            let (kind, end) = try lexer.token(at: index)
            let text = String(decoding: lexer.bytes[index..<end], as: UTF8.self)
            tokens.append(Token(kind: kind, text: text, line: startLine))
            index = end
        }
        return tokens
    }

    // MARK: - One token

    /// The kind and end of the token that starts at `start`; counts the line breaks it holds.
    private mutating func token(at start: Int) throws(LexError) -> (Token.Kind, Int) {
        let first = bytes[start]
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.whitespace, 3) }  // a byte-order mark
        switch first {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
            return (.whitespace, run(from: start) { [0x20, 0x09, 0x0B, 0x0C].contains($0) })
        case UInt8(ascii: "\n"):
            line += 1
            return (.newline, start + 1)
        case UInt8(ascii: "\r"):
            line += 1
            return (.newline, byte(at: start + 1) == UInt8(ascii: "\n") ? start + 2 : start + 1)
        case UInt8(ascii: "/") where byte(at: start + 1) == UInt8(ascii: "/"):
            return (.comment, run(from: start) { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") })
        case UInt8(ascii: "/") where byte(at: start + 1) == UInt8(ascii: "*"):
            return (.comment, try blockComment(at: start))
        case UInt8(ascii: "\""):
            return (.string, try stringLiteral(at: start))
        case UInt8(ascii: "#"):
            return try hashToken(at: start)
        case UInt8(ascii: "`"):
            return (.identifier, try backquotedIdentifier(at: start))
        case UInt8(ascii: "@"), UInt8(ascii: "$"):
            let end = run(from: start + 1, while: Self.isIdentifierByte)
            return end > start + 1 ? (.identifier, end) : (.punctuation, start + 1)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return (.number, numberEnd(from: start))
        case UInt8(ascii: "-") where byte(at: start + 1) == UInt8(ascii: ">"):
            return (.punctuation, start + 2)
        default:
            if Self.isIdentifierByte(first) {
                return (.identifier, run(from: start, while: Self.isIdentifierByte))
            }
            return (.punctuation, start + 1)
        }
    }

    /// `#if`, `#available`… (an identifier), a raw string `#"…"#`, a regex `#/…/#`, or a lone `#`.
    private mutating func hashToken(at start: Int) throws(LexError) -> (Token.Kind, Int) {
        let afterHashes = run(from: start) { $0 == UInt8(ascii: "#") }
        switch byte(at: afterHashes) {
        case UInt8(ascii: "\""):
            return (.string, try stringLiteral(at: start))
        case UInt8(ascii: "/"):
            return (.string, try extendedRegex(at: start, hashes: afterHashes - start))
        case let next? where afterHashes == start + 1 && Self.isIdentifierByte(next):
            return (.identifier, run(from: start + 1, while: Self.isIdentifierByte))
        default:
            return (.punctuation, start + 1)
        }
    }

    // MARK: - Literals and comments

    /// The end of the string literal whose delimiter (with its `#`s) starts at `start`.
    private mutating func stringLiteral(at start: Int) throws(LexError) -> Int {
        let startLine = line
        let hashes = run(from: start) { $0 == UInt8(ascii: "#") } - start
        var index = start + hashes
        let isMultiline = bytes.count >= index + 3 && bytes[index..<index + 3].allSatisfy { $0 == UInt8(ascii: "\"") }
        index += isMultiline ? 3 : 1
        let unterminated = LexError(line: startLine, reason: "unterminated string literal")
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                let afterHashes = index + 1 + hashes
                guard hashes == 0 || run(from: index + 1, while: { $0 == UInt8(ascii: "#") }) >= afterHashes else {
                    index += 1
                    continue
                }
                switch byte(at: afterHashes) {
                case UInt8(ascii: "("):
                    index = try interpolation(from: afterHashes + 1, literalLine: startLine)
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    index = afterHashes  // a line continuation: the loop counts the line break
                default:
                    index = afterHashes + 1  // the escaped character, `\"` included
                }
            case UInt8(ascii: "\""):
                let quotes = isMultiline ? 3 : 1
                let closing = index + quotes
                let isQuoteRun =
                    bytes.count >= closing && bytes[index..<closing].allSatisfy { $0 == UInt8(ascii: "\"") }
                if isQuoteRun, run(from: closing, while: { $0 == UInt8(ascii: "#") }) >= closing + hashes {
                    return closing + hashes
                }
                index += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard isMultiline else { throw unterminated }
                if bytes[index] == UInt8(ascii: "\r"), byte(at: index + 1) == UInt8(ascii: "\n") { index += 1 }
                line += 1
                index += 1
            default:
                index += 1
            }
        }
        throw unterminated
    }

    /// The index after the `)` that closes an interpolation whose code starts at `start`.
    private mutating func interpolation(from start: Int, literalLine: Int) throws(LexError) -> Int {
        guard interpolationDepth < Self.maximumInterpolationDepth else {
            throw LexError(line: literalLine, reason: "string interpolations nested too deeply")
        }
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        var depth = 1
        var index = start
        while index < bytes.count {
            let (kind, end) = try token(at: index)
            if kind == .punctuation {
                if bytes[index] == UInt8(ascii: "(") { depth += 1 }
                if bytes[index] == UInt8(ascii: ")") { depth -= 1 }
                if depth == 0 { return end }
            }
            index = end
        }
        throw LexError(line: literalLine, reason: "unterminated string interpolation")
    }

    /// The end of a nested `/* … */` comment.
    private mutating func blockComment(at start: Int) throws(LexError) -> Int {
        let startLine = line
        var depth = 0
        var index = start
        while index < bytes.count {
            let pair = (bytes[index], byte(at: index + 1))
            if pair == (UInt8(ascii: "/"), UInt8(ascii: "*")) {
                depth += 1
                index += 2
            } else if pair == (UInt8(ascii: "*"), UInt8(ascii: "/")) {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
        throw LexError(line: startLine, reason: "unterminated block comment")
    }

    /// The end of `#/…/#` (with `hashes` `#`s on each side).
    private mutating func extendedRegex(at start: Int, hashes: Int) throws(LexError) -> Int {
        let startLine = line
        var index = start + hashes + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            if bytes[index] == UInt8(ascii: "/"),
                run(from: index + 1, while: { $0 == UInt8(ascii: "#") }) >= index + 1 + hashes
            {
                return index + 1 + hashes
            }
            index += 1
        }
        throw LexError(line: startLine, reason: "unterminated regex literal")
    }

    /// The end of `` `name` ``; a backquote never spans lines.
    private func backquotedIdentifier(at start: Int) throws(LexError) -> Int {
        var index = start + 1
        while let byte = byte(at: index), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            if byte == UInt8(ascii: "`") { return index + 1 }
            index += 1
        }
        throw LexError(line: line, reason: "unterminated backquoted identifier")
    }

    /// The end of a number: digits, letters and `_` (hex, exponents, suffixes), a fraction
    /// `.5`, and a sign after an exponent.
    private func numberEnd(from start: Int) -> Int {
        var index = start
        while let byte = byte(at: index) {
            if Self.isIdentifierByte(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), let next = self.byte(at: index + 1), (0x30...0x39).contains(next) {
                index += 1
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                let previous = self.byte(at: index - 1), [0x65, 0x45, 0x70, 0x50].contains(previous)
            {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    // MARK: - Bytes

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func run(from start: Int, while matches: (UInt8) -> Bool) -> Int {
        var index = start
        while index < bytes.count, matches(bytes[index]) { index += 1 }
        return index
    }

    /// Letters, digits, `_`, `$`, and every byte of a non-ASCII character (Swift allows most of them in names).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default:
            false
        }
    }
}
