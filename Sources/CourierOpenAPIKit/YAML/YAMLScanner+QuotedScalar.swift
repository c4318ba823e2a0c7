// Single- and double-quoted scalars.
extension YAMLScanner {
    /// A quoted scalar; `double` for `"…"` with its escapes, else `'…'` where `''` is a quote.
    mutating func fetchFlowScalar(double: Bool) throws(YAMLError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = position
        let value = try scanQuotedScalar(double: double)
        append(.scalar(value, double ? .doubleQuoted : .singleQuoted), at: start)
        adjacentValueAllowed = flowLevel > 0
    }

    /// Scans from the opening quote to after the closing one.
    ///
    /// Line breaks fold as in plain scalars (one break is a space, `n` are `n - 1` line feeds;
    /// blanks around them go); in block context a continuation line must be indented at least as
    /// far as the block collection the scalar is in, and no line may be a document marker.
    private mutating func scanQuotedScalar(double: Bool) throws(YAMLError) -> String {
        let start = position
        let quote = double ? UInt8(ascii: "\"") : UInt8(ascii: "'")
        position += 1
        var text: [UInt8] = []
        while true {
            // Characters up to a blank, a line break, an escape or a quote.
            while true {
                let runStart = position
                while true {
                    let byte = input.bytes[position]
                    if byte == quote || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0
                        || (double && byte == UInt8(ascii: "\\"))
                    {
                        break
                    }
                    position += 1
                }
                text.append(contentsOf: input.bytes[runStart..<position])
                let byte = input.bytes[position]
                if byte == 0 && position >= input.count {
                    throw error("this quoted scalar is not closed: expected \(double ? "'\"'" : "\"'\"")", at: start)
                }
                if !double && byte == quote && input.bytes[position + 1] == quote {
                    text.append(quote)
                    position += 2
                } else if double && byte == UInt8(ascii: "\\") {
                    if Self.isBreak(input.bytes[position + 1]) {
                        position += 1
                        consumeBreak()
                        let breaks = try skipQuotedLinePrefixes(scalarStart: start)
                        text.append(contentsOf: repeatElement(0x0A, count: breaks))
                    } else {
                        try appendEscape(to: &text)
                    }
                } else {
                    break
                }
            }
            if input.bytes[position] == quote {
                position += 1
                return String(decoding: text, as: UTF8.self)
            }
            // Blanks, then maybe line breaks to fold.
            let blanksStart = position
            while Self.isBlank(input.bytes[position]) { position += 1 }
            guard Self.isBreak(input.bytes[position]) else {
                text.append(contentsOf: input.bytes[blanksStart..<position])
                continue
            }
            consumeBreak()
            let breaks = try skipQuotedLinePrefixes(scalarStart: start)
            if breaks == 0 {
                text.append(0x20)
            } else {
                text.append(contentsOf: repeatElement(0x0A, count: breaks))
            }
        }
    }

    /// At the start of a continuation line: skips its prefix and any empty lines after it, and
    /// returns how many empty lines there were.
    private mutating func skipQuotedLinePrefixes(scalarStart: Int) throws(YAMLError) -> Int {
        var breaks = 0
        while true {
            if isDocumentMarker(at: position) {
                throw error(
                    "a document marker cannot appear inside a quoted scalar; close the quote first", at: position)
            }
            while input.bytes[position] == 0x20 { position += 1 }
            let spaces = position - lineStart
            let tab = input.bytes[position] == 0x09
            while Self.isBlank(input.bytes[position]) { position += 1 }
            let byte = input.bytes[position]
            if Self.isBreak(byte) {
                consumeBreak()
                breaks += 1
                continue
            }
            // YAML wants continuation lines indented more than the enclosing block collection;
            // like libyaml and PyYAML, this reader also takes them at its indentation, where
            // real documents put them (a description wrapped under its key), and refuses less.
            if byte != 0 && flowLevel == 0 && (spaces < indent || (tab && spaces <= indent)) {
                throw error(
                    "a quoted scalar's continuation line must be indented at least as far as the mapping or"
                        + " sequence it is in (and with spaces, not tabs)", at: position)
            }
            return breaks
        }
    }

    /// Decodes the escape at `position` (a backslash) into `text`.
    private mutating func appendEscape(to text: inout [UInt8]) throws(YAMLError) {
        let start = position
        let code = input.bytes[position + 1]
        position += 2
        let simple: UInt32?
        switch code {
        case UInt8(ascii: "0"): simple = 0
        case UInt8(ascii: "a"): simple = 0x07
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"), 0x09: simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "v"): simple = 0x0B
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "e"): simple = 0x1B
        case 0x20, UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): simple = UInt32(code)
        case UInt8(ascii: "N"): simple = 0x85
        case UInt8(ascii: "_"): simple = 0xA0
        case UInt8(ascii: "L"): simple = 0x2028
        case UInt8(ascii: "P"): simple = 0x2029
        default: simple = nil
        }
        var scalar: UInt32
        if let simple {
            scalar = simple
        } else {
            let digits: Int
            switch code {
            case UInt8(ascii: "x"): digits = 2
            case UInt8(ascii: "u"): digits = 4
            case UInt8(ascii: "U"): digits = 8
            default:
                throw error("unknown escape '\\\(Character(UnicodeScalar(code)))' in a double-quoted scalar", at: start)
            }
            scalar = try hexDigits(digits, escapeStart: start)
            if (0xD800...0xDBFF).contains(scalar) && input.bytes[position] == UInt8(ascii: "\\")
                && input.bytes[position + 1] == UInt8(ascii: "u")
            {
                // A UTF-16 surrogate pair, as JSON writes characters beyond U+FFFF.
                let lowStart = position
                position += 2
                let low = try hexDigits(4, escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("'\\u' escape of a high surrogate must be followed by a low surrogate", at: start)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
        }
        guard let unicode = Unicode.Scalar(scalar) else {
            throw error("escape '\\\(Character(UnicodeScalar(code)))' names no Unicode character", at: start)
        }
        UTF8.encode(unicode) { text.append($0) }
    }

    /// Reads `count` hexadecimal digits at `position`.
    private mutating func hexDigits(_ count: Int, escapeStart: Int) throws(YAMLError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let digit = Self.hexValue(input.bytes[position]) else {
                throw error("expected \(count) hexadecimal digits in this escape", at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
