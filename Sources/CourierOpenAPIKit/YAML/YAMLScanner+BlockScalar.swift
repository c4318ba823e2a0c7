// Literal (`|`) and folded (`>`) block scalars.
extension YAMLScanner {
    /// What a block scalar keeps of its final line breaks.
    private enum Chomping {
        /// `-`: none.
        case strip
        /// The default: one.
        case clip
        /// `+`: all.
        case keep
    }

    /// A block scalar, from its header to the first line indented less than its content.
    mutating func fetchBlockScalar(folded: Bool) throws(YAMLError) {
        simpleKeyAllowed = true
        try removeSimpleKey()
        let start = position
        let value = try scanBlockScalar(folded: folded)
        append(.scalar(value, folded ? .folded : .literal), at: start)
    }

    /// Scans the header (chomping and indentation indicators in either order, then an optional
    /// comment), then the content lines.
    private mutating func scanBlockScalar(folded: Bool) throws(YAMLError) -> String {
        position += 1
        var chomping = Chomping.clip
        var increment = 0
        var sawChomping = false
        for _ in 0..<2 {
            let byte = input.bytes[position]
            if !sawChomping && (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) {
                chomping = byte == UInt8(ascii: "+") ? .keep : .strip
                sawChomping = true
            } else if increment == 0 && byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") {
                increment = Int(byte - UInt8(ascii: "0"))
            } else if byte == UInt8(ascii: "0") {
                throw error("a block scalar's indentation indicator is a digit from 1 to 9", at: position)
            } else {
                break
            }
            position += 1
        }
        try expectLineEnd(after: "the block scalar's header ('|' or '>', then '+' or '-' and a digit 1–9)")
        if Self.isBreak(input.bytes[position]) { consumeBreak() }

        let blockIndent: Int
        if increment > 0 {
            blockIndent = indent >= 0 ? indent + increment : increment
        } else {
            blockIndent = try detectBlockIndent(minimum: indent + 1)
        }
        var text: [UInt8] = []
        var pendingBreaks = 0
        var sawContent = false
        var previousMoreIndented = false
        while true {
            var spaces = 0
            while spaces < blockIndent && input.bytes[position] == 0x20 {
                position += 1
                spaces += 1
            }
            let byte = input.bytes[position]
            if byte == 0 && position >= input.count {
                // A last line of spaces with no line break still ends as a line (as the suite's
                // reference parser reads it).
                if spaces > 0 { pendingBreaks += 1 }
                break
            }
            if Self.isBreak(byte) {
                pendingBreaks += 1
                consumeBreak()
                continue
            }
            if spaces < blockIndent && byte == 0x09 {
                throw error("a tab cannot indent a line of a block scalar; use spaces", at: position)
            }
            if spaces < blockIndent || (position == lineStart && isDocumentMarker(at: position)) {
                position = lineStart
                break
            }
            let moreIndented = Self.isBlank(byte)
            if sawContent && folded && !previousMoreIndented && !moreIndented {
                if pendingBreaks == 1 {
                    text.append(0x20)
                } else {
                    text.append(contentsOf: repeatElement(0x0A, count: pendingBreaks - 1))
                }
            } else {
                text.append(contentsOf: repeatElement(0x0A, count: pendingBreaks))
            }
            sawContent = true
            previousMoreIndented = moreIndented
            let contentStart = position
            while !Self.isBreakOrEnd(input.bytes[position]) { position += 1 }
            text.append(contentsOf: input.bytes[contentStart..<position])
            if Self.isBreak(input.bytes[position]) {
                consumeBreak()
                pendingBreaks = 1
            } else {
                pendingBreaks = input.bytes[contentStart..<position].allSatisfy(Self.isBlank) ? 1 : 0
                break
            }
        }
        switch chomping {
        case .strip: break
        case .clip: if sawContent && pendingBreaks > 0 { text.append(0x0A) }
        case .keep: text.append(contentsOf: repeatElement(0x0A, count: pendingBreaks))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The indentation of the first non-empty line (looking ahead without moving); when there is
    /// none at least `minimum` deep, `minimum` or the widest empty line before, so that those
    /// empty lines belong to the scalar.
    ///
    /// - Throws: when an empty line before that one has more spaces than it: YAML forbids it, as
    ///   it would leave those spaces neither content nor indentation.
    private func detectBlockIndent(minimum: Int) throws(YAMLError) -> Int {
        var offset = position
        var widestEmpty = 0
        var widestEmptyOffset = position
        while true {
            let lineStart = offset
            while input.bytes[offset] == 0x20 { offset += 1 }
            let spaces = offset - lineStart
            let byte = input.bytes[offset]
            if Self.isBreak(byte) {
                if spaces > widestEmpty { (widestEmpty, widestEmptyOffset) = (spaces, offset) }
                offset += byte == 0x0D && input.bytes[offset + 1] == 0x0A ? 2 : 1
                continue
            }
            if byte == 0 && offset >= input.count { return max(minimum, widestEmpty, spaces, 0) }
            if spaces < minimum { return max(minimum, widestEmpty, 0) }
            if widestEmpty > spaces {
                throw error(
                    "an empty line at the start of a block scalar has more spaces than its first line",
                    at: widestEmptyOffset)
            }
            return spaces
        }
    }
}
