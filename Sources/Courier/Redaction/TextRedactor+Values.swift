/// Where values end, and how they are hidden.
extension TextRedactor {
    /// Hides the value of a secret member starting at `index`: a string's contents, or a whole
    /// object, array or scalar (`null` is left, as it hides nothing).
    mutating func hideMember(valueAt index: Int, escaped: Bool) -> Int {
        guard index < bytes.count else { return index }
        let quoted = escaped ? "\\\"\(Redaction.placeholder)\\\"" : "\"\(Redaction.placeholder)\""
        if escaped, bytes[index] == Byte.backslash, byte(index + 1) == Byte.doubleQuote {
            let close = closingQuote(Byte.doubleQuote, from: index + 2, escaped: true) ?? bytes.count
            hide(index + 2..<close, with: Redaction.placeholder)
            return min(close + 2, bytes.count)
        }
        if !escaped, bytes[index] == Byte.doubleQuote || bytes[index] == Byte.singleQuote {
            let close = closingQuote(bytes[index], from: index + 1, escaped: false) ?? bytes.count
            hide(index + 1..<close, with: Redaction.placeholder)
            return min(close + 1, bytes.count)
        }
        if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
            let end = endOfNested(from: index, escaped: escaped)
            hide(index..<end, with: quoted)
            return end
        }
        var end = index
        while end < bytes.count, !Self.endsScalar(bytes[end]) {
            // Inside an escaped document, a bare quote ends the string that holds it, and `\` starts
            // the next escaped quote.
            if escaped && (bytes[end] == Byte.doubleQuote || bytes[end] == Byte.backslash) { break }
            end += 1
        }
        let scalar = bytes[index..<end]
        if !scalar.elementsEqual("null".utf8) { hide(index..<end, with: quoted) }
        return end
    }

    /// The index after the object or array starting at `index`, brackets counted and strings
    /// skipped; the end of the text when it is cut short.
    func endOfNested(from index: Int, escaped: Bool) -> Int {
        var depth = 0
        var position = index
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return position + 1 }
            case Byte.doubleQuote where !escaped:
                position = closingQuote(Byte.doubleQuote, from: position + 1, escaped: false) ?? bytes.count
            case Byte.backslash where escaped && byte(position + 1) == Byte.doubleQuote:
                position = (closingQuote(Byte.doubleQuote, from: position + 2, escaped: true) ?? bytes.count) + 1
            default:
                break
            }
            position += 1
        }
        return bytes.count
    }

    // MARK: - Pieces

    /// The index of the quote closing a string whose contents start at `start`: the next `quote`
    /// not escaped by a backslash, or (`escaped`) the next `\"`. `nil` when there is none within
    /// `limit` bytes, or none before the end of the line for a name.
    func closingQuote(_ quote: UInt8, from start: Int, escaped: Bool, limit: Int = .max) -> Int? {
        var position = start
        let end = limit == .max ? bytes.count : min(bytes.count, start + limit)
        while position < end {
            let current = bytes[position]
            if escaped {
                if current == Byte.backslash && byte(position + 1) == quote { return position }
            } else if current == Byte.backslash {
                position += 1
            } else if current == quote {
                return position
            } else if limit != .max && (current == Byte.lineFeed || current == Byte.carriageReturn) {
                return nil
            }
            position += 1
        }
        return nil
    }

    func skipWhitespace(from index: Int) -> Int {
        var position = index
        while position < bytes.count,
            Self.isBlank(bytes[position]) || bytes[position] == Byte.lineFeed || bytes[position] == Byte.carriageReturn
        {
            position += 1
        }
        return position
    }
}
