// Character classes, line breaks, blanks and comments.
extension YAMLScanner {
    /// A space or a tab.
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// LF or CR.
    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// A blank, a line break or the end of the input (the zero byte).
    @inline(__always) static func isBlankOrEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0
    }

    /// A line break or the end of the input.
    @inline(__always) static func isBreakOrEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0 }

    /// `,`, `[`, `]`, `{` or `}`.
    @inline(__always) static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == 0x2C || byte == 0x5B || byte == 0x5D || byte == 0x7B || byte == 0x7D
    }

    /// The byte at `offset` (zero at and past the end).
    @inline(__always) func byte(at offset: Int) -> UInt8 { input.bytes[offset] }

    /// Steps over the line break at `position` (LF, CR LF or CR) and starts a new line.
    mutating func consumeBreak() {
        if input.bytes[position] == 0x0D && input.bytes[position + 1] == 0x0A {
            position += 2
        } else {
            position += 1
        }
        lineStart = position
    }

    /// Whether `---` or `...` followed by a blank or the end starts at `offset`, a line's start.
    func isDocumentMarker(at offset: Int) -> Bool {
        let first = input.bytes[offset]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return input.bytes[offset + 1] == first && input.bytes[offset + 2] == first
            && Self.isBlankOrEnd(input.bytes[offset + 3]) && offset + 3 <= input.count
    }

    /// Whether only spaces lie between the line's start and `offset`.
    func isInIndentation(_ offset: Int) -> Bool {
        var index = offset
        while index > lineStart {
            index -= 1
            if input.bytes[index] != 0x20 { return false }
        }
        return true
    }

    /// Whether the blanks just before `offset` hold a tab.
    func isAfterTab(_ offset: Int) -> Bool {
        var index = offset
        while index > lineStart {
            index -= 1
            let byte = input.bytes[index]
            if byte == 0x09 { return true }
            if byte != 0x20 { return false }
        }
        return false
    }

    /// Skips blanks, comments and line breaks up to the next token.
    ///
    /// A tab may separate tokens, but in block context it cannot stand for indentation: a line
    /// whose leading blanks hold a tab must have more leading spaces, before that tab, than the
    /// current block collection's indentation.
    mutating func skipToNextToken() throws(YAMLError) {
        while true {
            let leading = isInIndentation(position)
            var spaces = leading ? position - lineStart : 0
            var tab: Int? = nil
            while true {
                let byte = input.bytes[position]
                if byte == 0x20 {
                    if leading && tab == nil { spaces += 1 }
                } else if byte == 0x09 {
                    if tab == nil { tab = position }
                } else if byte == 0xEF && leading && flowLevel == 0 && indent == -1 && input.bytes[position + 1] == 0xBB
                    && input.bytes[position + 2] == 0xBF
                {
                    // A byte order mark may start any document of a stream; the line starts after it.
                    position += 2
                    lineStart = position + 1
                } else {
                    break
                }
                position += 1
            }
            if input.bytes[position] == UInt8(ascii: "#")
                && (position == lineStart || Self.isBlank(input.bytes[position - 1]))
            {
                while !Self.isBreakOrEnd(input.bytes[position]) { position += 1 }
            }
            let byte = input.bytes[position]
            if Self.isBreak(byte) {
                consumeBreak()
                if flowLevel == 0 { simpleKeyAllowed = true }
                continue
            }
            if leading && byte != 0 {
                if let tab, flowLevel == 0 && spaces <= indent {
                    throw error("a tab cannot indent a line; use spaces", at: tab)
                }
                // A closing bracket at the indentation of the key it belongs to is accepted, as
                // libyaml and PyYAML accept it: JSON-minded writers put it there.
                let closing = byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
                if flowLevel > 0 && (closing ? spaces < indent : spaces <= indent) && !isDocumentMarker(at: lineStart) {
                    throw error(
                        "a flow collection's line must be indented more than the block collection around it",
                        at: position)
                }
            }
            return
        }
    }
}
