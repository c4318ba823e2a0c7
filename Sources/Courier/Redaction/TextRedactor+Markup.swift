/// XML and HTML elements.
extension TextRedactor {
    /// `<name>value<` and `<name attribute="…">value<`: hides the text of a secret element, or
    /// the contents of its `<![CDATA[…]]>` section; secret attributes of the tag are hidden as
    /// `name=value` pairs. A tag that closes itself (`<password/>`) has no text.
    mutating func xmlElement(at index: Int) -> Int? {
        var end = index + 1
        while end < bytes.count, end - index < 128, Self.isLineNameByte(bytes[end]) || bytes[end] == Byte.colon {
            end += 1
        }
        guard end > index + 1, byte(end) == UInt8(ascii: ">") || Self.isSpace(byte(end)),
            hides(index + 1..<end, escapes: false), let close = endOfTag(from: end), bytes[close - 1] != Byte.slash
        else {
            return nil
        }
        var position = end
        while position < close {
            if bytes[position] == Byte.equals {
                position = pair(nameEnd: position, valueStart: position + 1, encoded: false) ?? position + 1
            } else {
                position += 1
            }
        }
        let valueStart = close + 1
        // An attribute's value that ran past the tag (an unclosed quote) took the text with it.
        guard floor <= valueStart else { return floor }
        if Self.follows("<![CDATA[", at: valueStart, in: bytes) {
            let contents = valueStart + 9
            let contentsEnd = firstIndex(of: "]]>", from: contents) ?? bytes.count
            hide(contents..<contentsEnd, with: Redaction.placeholder)
            return contentsEnd
        }
        let valueEnd = bytes[valueStart...].firstIndex(of: Byte.lessThan) ?? bytes.count
        hide(valueStart..<valueEnd, with: Redaction.placeholder)
        return valueEnd
    }

    /// The index of the `>` that closes a tag whose attributes start at `index`, quoted values
    /// skipped; `nil` when a `<` or the end of the text comes first, or it is over 1 KiB away
    /// (the bound keeps a text of many `<password ` linear).
    private func endOfTag(from index: Int) -> Int? {
        var position = index
        while position < bytes.count, position - index < 1024 {
            switch bytes[position] {
            case UInt8(ascii: ">"):
                return position
            case Byte.lessThan:
                return nil
            case Byte.doubleQuote, Byte.singleQuote:
                guard let close = closingQuote(bytes[position], from: position + 1, escaped: false, limit: 1024)
                else { return nil }
                position = close
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// The index of the next `text` from `index`, or `nil`.
    private func firstIndex(of text: StaticString, from index: Int) -> Int? {
        var position = index
        while position + text.utf8CodeUnitCount <= bytes.count {
            if Self.follows(text, at: position, in: bytes) { return position }
            position += 1
        }
        return nil
    }
}
