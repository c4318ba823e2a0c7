/// Shapes without a quoted name: members of Swift's and JavaScript's descriptions, and tokens
/// recognised by their own form wherever they stand.
extension TextRedactor {
    /// `name: value` right after `(`, `{`, `[`, `,` or a blank — Swift's description of a value
    /// (`Login(user: "ann", password: "x")`), JavaScript and YAML objects (`{password: 'x'}`), a
    /// message (`invalid password: x`): the value is a quoted text, a bracketed one, or runs to
    /// the next `,`, `)`, `}`, `]` or line end outside brackets and quotes.
    mutating func unquotedMember(colon: Int) -> Int? {
        var start = colon
        while start > floor, colon - start < 128, Self.isLineNameByte(bytes[start - 1]) { start -= 1 }
        var before = start
        while before > floor, Self.isBlank(bytes[before - 1]) { before -= 1 }
        guard start < colon, before > floor, before < start || Self.opensMember(bytes[before - 1]),
            hides(start..<colon, escapes: false)
        else { return nil }
        let valueStart = skipBlanks(from: colon + 1)
        let first = byte(valueStart)
        if first == Byte.doubleQuote || first == Byte.singleQuote {
            let close = closingQuote(first, from: valueStart + 1, escaped: false) ?? bytes.count
            hide(valueStart + 1..<close, with: Redaction.placeholder)
            return min(close + 1, bytes.count)
        }
        let end = endOfDescribedValue(from: valueStart)
        if !bytes[valueStart..<end].elementsEqual("nil".utf8) {
            hide(valueStart..<end, with: Redaction.placeholder)
        }
        return end
    }

    /// `Bearer <token>` anywhere (a token pasted into a message, a log line, a plain-text body):
    /// the token is hidden. Not a `WWW-Authenticate` challenge, whose parameters are quoted
    /// (`Bearer realm="api"`), nor a short word (`the bearer of`): a token of letters alone is
    /// hidden from 8 letters on.
    mutating func bearerToken(at index: Int) -> Int? {
        guard index >= floor, index == 0 || !Self.isLineNameByte(bytes[index - 1]),
            Self.follows("earer", at: index + 1, in: bytes, ignoringCase: true)
        else { return nil }
        let tokenStart = skipBlanks(from: index + 6)
        guard tokenStart > index + 6 else { return nil }
        var end = tokenStart
        while end < bytes.count, Self.isBearerTokenByte(bytes[end]) { end += 1 }
        guard end > tokenStart, byte(end) != Byte.doubleQuote, byte(end) != Byte.singleQuote,
            end - tokenStart >= 8 || bytes[tokenStart..<end].contains(where: { !Self.isLetter($0) })
        else { return nil }
        hide(tokenStart..<end, with: Redaction.placeholder)
        return end
    }

    /// A JSON Web Token anywhere, by its form: dot-separated base64url parts, the first two
    /// starting with `eyJ` (`{"` encoded). Found at the `J`, so that the scan stops only there.
    mutating func webToken(at index: Int) -> Int? {
        let start = index - 2
        guard start >= floor, byte(start) == UInt8(ascii: "e"), byte(start + 1) == UInt8(ascii: "y"),
            start == 0 || !Self.isBase64URLByte(bytes[start - 1])
        else { return nil }
        var end = start
        var parts = 0
        while true {
            let partStart = end
            while end < bytes.count, Self.isBase64URLByte(bytes[end]) { end += 1 }
            if parts < 2, !Self.follows("eyJ", at: partStart, in: bytes) { return nil }
            parts += 1
            guard byte(end) == UInt8(ascii: "."), Self.isBase64URLByte(byte(end + 1)) || parts >= 2 else { break }
            end += 1
        }
        guard parts >= 3 else { return nil }
        hide(start..<end, with: Redaction.placeholder)
        return end
    }

    /// Where a value of a described member ends: the next `,`, `)`, `}`, `]` or line end that is
    /// not inside brackets or quotes, or the end of the text.
    private func endOfDescribedValue(from index: Int) -> Int {
        var depth = 0
        var position = index
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
                if depth == 0 { return position }
                if bytes[position] != UInt8(ascii: ",") { depth -= 1 }
            case Byte.lineFeed, Byte.carriageReturn:
                return position
            case Byte.doubleQuote:
                position = closingQuote(Byte.doubleQuote, from: position + 1, escaped: false) ?? bytes.count
            default:
                break
            }
            position += 1
        }
        return bytes.count
    }
}
