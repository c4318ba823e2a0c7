/// Where a byte of a document's UTF-8 text is, counted as an editor counts, so that its "go to line
/// and column" lands on the character an error is about: lines from 1, breaking at LF, CR LF and
/// CR; columns from 1, in Unicode scalars (a tab and an `é` are one column each).
///
/// The JSON and YAML readers both report positions this way.
enum TextLocation {
    /// The line and column of byte `offset` of `text` (clamped to the text).
    static func of(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), text.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < end {
            let byte = text[index]
            index += 1
            if byte == 0x0A || (byte == 0x0D && (index == text.count || text[index] != 0x0A)) {
                line += 1
                lineStart = index
            }
        }
        var column = 1
        // Continuation bytes (10xxxxxx) belong to the scalar their lead byte starts.
        for index in lineStart..<end where text[index] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }
}
