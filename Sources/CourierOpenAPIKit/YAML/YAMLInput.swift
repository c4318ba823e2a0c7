/// The bytes of a YAML stream, checked once before scanning: UTF-8 (a leading byte order mark
/// dropped) in which every character is one YAML allows, followed by zero bytes that let the
/// scanner look a few bytes ahead without a bounds test. A zero byte therefore means "end".
struct YAMLInput {
    /// The content, then ``padding`` zero bytes.
    let bytes: [UInt8]
    /// How many bytes of content there are.
    let count: Int

    /// How many zero bytes follow the content.
    static let padding = 4

    /// Checks `source` and copies it.
    ///
    /// - Throws: ``YAMLError`` for another encoding (UTF-16 or UTF-32, with or without a byte order
    ///   mark), for bytes that are not UTF-8, and for characters YAML does not allow in a stream
    ///   (control characters other than tab and line breaks, U+FFFE, U+FFFF).
    init(_ source: some Collection<UInt8>) throws(YAMLError) {
        // Data and arrays hand over their storage at once; other collections are walked.
        var bytes = source.withContiguousStorageIfAvailable { Array($0) } ?? Array(source)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        count = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: Self.padding))
        self.bytes = bytes
        if let encoding = Self.foreignEncoding(of: bytes, count: count) {
            throw YAMLError(
                line: 1, column: 1,
                message: "the stream looks \(encoding)-encoded; Courier reads YAML in UTF-8 only: convert it first")
        }
        if let (offset, problem) = Self.firstInvalidCharacter(in: bytes, count: count) {
            throw error(at: offset, problem)
        }
    }

    /// An error at byte `offset`, its line and column worked out from the bytes before it.
    func error(at offset: Int, _ message: String) -> YAMLError {
        let (line, column) = location(of: offset)
        return YAMLError(line: line, column: column, message: message)
    }

    /// The 1-based line and column of byte `offset` (see ``TextLocation``).
    func location(of offset: Int) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { TextLocation.of(offset, in: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// "UTF-16" or "UTF-32" when the first bytes say so (a byte order mark, or the zero bytes an
    /// ASCII first character leaves in those encodings), else `nil`.
    private static func foreignEncoding(of bytes: [UInt8], count: Int) -> String? {
        guard count >= 2 else { return nil }
        let (b0, b1, b2, b3) = (bytes[0], bytes[1], bytes[2], bytes[3])
        if (b0, b1, b2, b3) == (0, 0, 0xFE, 0xFF) || (b0, b1, b2, b3) == (0xFF, 0xFE, 0, 0) { return "UTF-32" }
        if count >= 4 && ((b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0) || (b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0)) {
            return "UTF-32"
        }
        if (b0, b1) == (0xFE, 0xFF) || (b0, b1) == (0xFF, 0xFE) || b0 == 0 || b1 == 0 { return "UTF-16" }
        return nil
    }

    /// Where the first byte sequence is that is not UTF-8, or not a character YAML allows
    /// (c-printable: tab, LF, CR, U+0020–U+007E, U+0085, U+00A0–U+D7FF, U+E000–U+FFFD and
    /// U+10000–U+10FFFF), and what is wrong with it.
    private static func firstInvalidCharacter(in bytes: [UInt8], count: Int) -> (Int, String)? {
        bytes.withUnsafeBufferPointer { buffer -> (Int, String)? in
            guard let base = buffer.baseAddress else { return nil }
            var index = 0
            while index < count {
                // Eight bytes at a time while they are all U+0020–U+007E.
                if index + 8 <= count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    let high: UInt64 = 0x8080_8080_8080_8080
                    let belowSpace = (word &- 0x2020_2020_2020_2020) & ~word & high
                    let aboveTilde = ((word &+ 0x0101_0101_0101_0101) | word) & high
                    if belowSpace | aboveTilde == 0 {
                        index += 8
                        continue
                    }
                }
                let lead = buffer[index]
                if lead >= 0x20 && lead < 0x7F || lead == 0x0A || lead == 0x0D || lead == 0x09 {
                    index += 1
                    continue
                }
                if lead < 0x80 { return (index, "control character \(hex(UInt32(lead))) is not allowed in YAML") }
                guard let (scalar, length) = decode(buffer, at: index, count: count) else {
                    return (index, "invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
                }
                let printable =
                    scalar == 0x85 || (scalar >= 0xA0 && scalar <= 0xD7FF) || (scalar >= 0xE000 && scalar <= 0xFFFD)
                    || scalar >= 0x10000
                if !printable { return (index, "character \(hex(scalar)) is not allowed in YAML") }
                index += length
            }
            return nil
        }
    }

    /// The scalar a multi-byte UTF-8 sequence at `index` encodes and its length, or `nil` when
    /// the sequence is malformed, overlong, a surrogate, beyond U+10FFFF or cut short.
    private static func decode(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, count: Int) -> (UInt32, Int)? {
        let lead = UInt32(buffer[index])
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, lead & 0x1F)
        case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, lead & 0x0F)
        case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, lead & 0x07)
        default: return nil
        }
        guard index + length <= count else { return nil }
        for offset in 1..<length {
            let next = UInt32(buffer[index + offset])
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | (next & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return (scalar, length)
    }

    /// `U+0000`-style text for a scalar.
    static func hex(_ scalar: UInt32) -> String {
        let digits = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
