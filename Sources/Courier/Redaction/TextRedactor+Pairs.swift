/// Names paired with values: `name=value` and its looser spellings, and headers written as
/// objects of a name and a value (HAR files, header lists, key-value settings):
/// `{"name": "Authorization", "value": "Bearer …"}`, in either order.
extension TextRedactor {
    /// `name=value`: the name is the run of name bytes before the equals sign. Also `name = value;`
    /// and `"name" = value;` (Objective-C's descriptions of dictionaries, property lists, code),
    /// whose value ends at a `;` too and is shown as ``Redaction/placeholder``.
    mutating func pair(nameEnd separator: Int, valueStart: Int, encoded: Bool) -> Int? {
        var nameEnd = separator
        while nameEnd > floor, Self.isBlank(bytes[nameEnd - 1]) { nameEnd -= 1 }
        let spaced = nameEnd < separator
        var start = nameEnd
        if !encoded, start > floor, bytes[start - 1] == Byte.doubleQuote {
            // A quoted name: its opening quote on the same line.
            nameEnd -= 1
            start = nameEnd
            while start > floor, nameEnd - start < 256, bytes[start - 1] != Byte.doubleQuote,
                bytes[start - 1] != Byte.lineFeed
            {
                start -= 1
            }
            guard start > floor, bytes[start - 1] == Byte.doubleQuote else { return nil }
        } else {
            while start > floor, nameEnd - start < 256, Self.isNameByte(bytes[start - 1]) { start -= 1 }
        }
        guard start < nameEnd, encoded || !Self.isComparison(separator, in: bytes),
            hides(start..<nameEnd, escapes: false)
        else { return nil }
        let loose = spaced || nameEnd < separator || Self.isBlank(byte(valueStart))
        let valueStart = loose ? skipBlanks(from: valueStart) : valueStart
        let first = byte(valueStart)
        if first == Byte.doubleQuote || first == Byte.singleQuote {
            let close = closingQuote(first, from: valueStart + 1, escaped: false) ?? bytes.count
            hide(valueStart + 1..<close, with: Redaction.placeholder)
            return min(close + 1, bytes.count)
        }
        if first == Byte.backslash && byte(valueStart + 1) == Byte.doubleQuote {
            let close = closingQuote(Byte.doubleQuote, from: valueStart + 2, escaped: true) ?? bytes.count
            hide(valueStart + 2..<close, with: Redaction.placeholder)
            return min(close + 2, bytes.count)
        }
        var end = valueStart
        while end < bytes.count, !Self.endsPairValue(bytes[end]), !(loose && bytes[end] == UInt8(ascii: ";")) {
            if encoded && bytes[end] == Byte.percent && encodedAmpersand(at: end) { break }
            end += 1
        }
        hide(valueStart..<end, with: loose ? Redaction.placeholder : Redaction.encodedPlaceholder)
        return end
    }

    /// After a member's name: when it is `name` or `key` and its value is a quoted secret name,
    /// hides the value of the object's `value` member too, the one just before
    /// (`{"value": …, "name": "Authorization"}`) or the next at the same depth; `isSecret`: the
    /// member's own value is hidden as well (`key` is a secret name itself). When it is `value`,
    /// remembers where its value lies for a `name` that follows. Returns where to go on, or `nil`
    /// when the member is an ordinary one.
    mutating func namedValue(name: Range<Int>, nameQuote: Int, valueStart: Int, isSecret: Bool) -> Int? {
        let nameBytes = bytes[name]
        if nameBytes.elementsEqual("value".utf8) {
            // Strings and scalars only, which no other "value" can be inside: each byte is read
            // here at most once more.
            lastValueMember = endOfMemberValue(from: valueStart).map { valueStart..<$0 }
            return nil
        }
        guard nameBytes.elementsEqual("name".utf8) || nameBytes.elementsEqual("key".utf8),
            byte(valueStart) == Byte.doubleQuote,
            let close = closingQuote(Byte.doubleQuote, from: valueStart + 1, escaped: false, limit: 256),
            hides(valueStart + 1..<close, escapes: true)
        else { return nil }
        if let previous = lastValueMember, previous.lowerBound >= floor, previous.upperBound <= nameQuote,
            bytes[previous.upperBound..<nameQuote].allSatisfy({ Self.isSpace($0) || $0 == UInt8(ascii: ",") })
        {
            lastValueMember = nil
            _ = hideMember(valueAt: previous.lowerBound, escaped: false)
            if isSecret { hide(valueStart + 1..<close, with: Redaction.placeholder) }
            return close + 1
        }
        if isSecret { hide(valueStart + 1..<close, with: Redaction.placeholder) }
        guard let sibling = siblingValue(from: close + 1) else { return close + 1 }
        return hideMember(valueAt: sibling, escaped: false)
    }

    /// Where the value of the `"value":` member that follows at the same depth starts, before the
    /// object ends; `nil` when there is none within 512 bytes (a header's object is short; the bound
    /// keeps a text of many `"name"` members linear).
    private func siblingValue(from index: Int) -> Int? {
        var depth = 0
        var position = index
        while position < bytes.count, position - index < 512 {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return nil }
                depth -= 1
            case Byte.doubleQuote:
                guard let close = closingQuote(Byte.doubleQuote, from: position + 1, escaped: false, limit: 1024)
                else { return nil }
                if depth == 0, bytes[position + 1..<close].elementsEqual("value".utf8) {
                    let colon = skipWhitespace(from: close + 1)
                    if byte(colon) == Byte.colon { return skipWhitespace(from: colon + 1) }
                }
                position = close
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// Where a member's string or scalar value starting at `index` ends: after its closing quote,
    /// or at the next `,`, `}`, `]` or line end; `nil` for an object or array.
    private func endOfMemberValue(from index: Int) -> Int? {
        switch byte(index) {
        case Byte.doubleQuote:
            return (closingQuote(Byte.doubleQuote, from: index + 1, escaped: false) ?? bytes.count - 1) + 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return nil
        default:
            var end = index
            while end < bytes.count, !Self.endsScalar(bytes[end]) { end += 1 }
            return end
        }
    }
}
