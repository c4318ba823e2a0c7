// Plain (unquoted) scalars, single- or multi-line.
extension YAMLScanner {
    /// A plain scalar: its words, with line breaks folded the way YAML folds them.
    mutating func fetchPlainScalar() throws(YAMLError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = position
        let value = scanPlainScalar()
        append(.scalar(value, .plain), at: start)
    }

    /// Scans a plain scalar from `position`, leaving `position` after it (and after the blanks and
    /// line breaks that follow it when the scalar stops at a less indented line or a comment).
    ///
    /// A scalar on one line is cut straight from the input; one over several lines is built in a
    /// buffer: a single line break between two lines becomes a space, `n` breaks become `n - 1`
    /// line feeds, and the blanks around breaks are dropped.
    private mutating func scanPlainScalar() -> String {
        let inFlow = flowLevel > 0
        let minimumIndent = indent + 1
        let start = position
        var end = position
        var folded: [UInt8]? = nil
        var pendingBreaks = 0
        var blanksStart = position
        while true {
            // A run of characters that are not blanks.
            let runStart = position
            while true {
                let byte = input.bytes[position]
                if Self.isBlankOrEnd(byte) { break }
                if byte == UInt8(ascii: ":") {
                    let next = input.bytes[position + 1]
                    if Self.isBlankOrEnd(next) || (inFlow && Self.isFlowIndicator(next)) { break }
                } else if inFlow && Self.isFlowIndicator(byte) {
                    break
                }
                position += 1
            }
            if position == runStart { break }
            if runStart != start {
                if folded == nil {
                    folded = Array(input.bytes[start..<end])
                }
                if pendingBreaks == 0 {
                    folded?.append(contentsOf: input.bytes[blanksStart..<runStart])
                } else if pendingBreaks == 1 {
                    folded?.append(0x20)
                } else {
                    folded?.append(contentsOf: repeatElement(0x0A, count: pendingBreaks - 1))
                }
                folded?.append(contentsOf: input.bytes[runStart..<position])
            }
            end = position
            // The blanks and line breaks after it.
            guard Self.isBlank(input.bytes[position]) || Self.isBreak(input.bytes[position]) else { break }
            blanksStart = position
            pendingBreaks = 0
            var lineIndent = 0
            while true {
                while Self.isBlank(input.bytes[position]) { position += 1 }
                guard Self.isBreak(input.bytes[position]) else { break }
                consumeBreak()
                pendingBreaks += 1
                while input.bytes[position] == 0x20 { position += 1 }
                lineIndent = position - lineStart
                if lineIndent == 0 && isDocumentMarker(at: position) { break }
            }
            if pendingBreaks > 0 {
                if flowLevel == 0 { simpleKeyAllowed = true }
                let byte = input.bytes[position]
                let stop =
                    byte == 0 || (lineIndent == 0 && isDocumentMarker(at: lineStart))
                    || (!inFlow && lineIndent < minimumIndent)
                if stop {
                    // Leave the line to the scanner, which checks its indentation and tabs.
                    position = lineStart
                    break
                }
            }
            if input.bytes[position] == UInt8(ascii: "#") { break }
        }
        if let folded { return String(decoding: folded, as: UTF8.self) }
        return String(decoding: input.bytes[start..<end], as: UTF8.self)
    }
}
