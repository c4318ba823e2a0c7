/// Text from bytes that arrived as UTF-8: every server-sent event's data and every line of a line
/// stream goes through here.
///
/// `String(decoding:as:)` checks the bytes eight at a time while they are ASCII, but once it has
/// found one byte that is not, it checks the whole buffer again one byte at a time, about 9
/// instructions a byte: a 150-byte JSON event with one `é` cost three times one without (measured
/// with `valgrind --tool=cachegrind`). ``decode(_:)`` finds where the ASCII ends, checks only the
/// rest, sequence by sequence, and hands the checked bytes to the standard library without a
/// second check (`UTF8Span(unchecked:)`, a Swift 6.2 runtime); bytes it finds invalid, and
/// runtimes without `UTF8Span`, go the standard library's way, which replaces them.
///
/// The check is the Unicode standard's table of well-formed byte sequences (Table 3-7), exactly:
/// a string must never hold bytes that are not UTF-8. `UTF8TextTests` hold it against the standard
/// library's on every sequence of one or two bytes and on every lead and second byte with each kind
/// of byte after them, and the `utf8-text` fuzz harness compares the two on any input.
enum UTF8Text {
    /// `bytes` as text, every ill-formed sequence replaced by U+FFFD: the string
    /// `String(decoding: bytes, as: UTF8.self)` gives.
    @inline(__always)
    static func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *),
                let text = checkedText(bytes)
            {
                return text
            }
        #endif
        return String(decoding: bytes, as: UTF8.self)
    }

    #if compiler(>=6.2)
        /// `bytes` as text when they are well-formed UTF-8, made without the standard library's
        /// second check; `nil` when they are not.
        @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
        private static func checkedText(_ bytes: UnsafeRawBufferPointer) -> String? {
            let ascii = asciiPrefixLength(bytes)
            let isASCII = ascii == bytes.count
            guard isASCII || isWellFormed(UnsafeRawBufferPointer(rebasing: bytes[ascii...])) else { return nil }
            let units = bytes.assumingMemoryBound(to: UInt8.self)
            return unsafe String(copying: UTF8Span(unchecked: units.span, isKnownASCII: isASCII))
        }
    #endif

    /// How many bytes at the start of `bytes` are ASCII, read thirty-two and then sixteen at a time;
    /// the last few are read as one block that overlaps bytes already read, rather than one by one.
    static func asciiPrefixLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var offset = 0
        while offset &+ 32 <= count {
            if !isASCII(base, at: offset, width: 32) { break }
            offset &+= 32
        }
        while offset &+ 16 <= count {
            if !isASCII(base, at: offset, width: 16) { break }
            offset &+= 16
        }
        // Nothing above 7F so far, and fewer than 16 bytes left: check the last 16 (or 8) at once.
        if offset < count, offset &+ 16 > count {
            if count >= 16, isASCII(base, at: count &- 16, width: 16) { return count }
            if count >= 8, count < 16, isASCII(base, at: 0, width: 8), isASCII(base, at: count &- 8, width: 8) {
                return count
            }
        }
        while offset < count, base.load(fromByteOffset: offset, as: UInt8.self) < 0x80 { offset &+= 1 }
        return offset
    }

    /// Whether the `width` bytes (8, 16 or 32) at `offset` are all ASCII.
    @inline(__always)
    private static func isASCII(_ base: UnsafeRawPointer, at offset: Int, width: Int) -> Bool {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if width >= 16 { word |= base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self) }
        if width == 32 {
            word |= base.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)
            word |= base.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)
        }
        return word & highBits == 0
    }

    /// Whether `bytes` are well-formed UTF-8 as Table 3-7 of the Unicode standard lists the
    /// sequences: no overlong forms, no surrogates (ED A0…BF), nothing above U+10FFFF, no
    /// sequence cut short by the end.
    static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var offset = 0
        while offset < count {
            let lead = base.load(fromByteOffset: offset, as: UInt8.self)
            if lead < 0x80 {
                offset &+= asciiPrefixLength(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                continue
            }
            // The sequence's length and the range its second byte must fall in.
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xED: (length, high) = (3, 0x9F)
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF4: (length, high) = (4, 0x8F)
            case 0xF1...0xF3: length = 4
            default: return false  // a continuation byte first, C0, C1, F5…FF
            }
            guard count &- offset >= length else { return false }
            let second = base.load(fromByteOffset: offset &+ 1, as: UInt8.self)
            guard second >= low, second <= high else { return false }
            var next = offset &+ 2
            while next < offset &+ length {
                guard base.load(fromByteOffset: next, as: UInt8.self) & 0xC0 == 0x80 else { return false }
                next &+= 1
            }
            offset = next
        }
        return true
    }
}
