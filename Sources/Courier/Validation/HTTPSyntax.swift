/// The byte classes of RFC 9110 that request validation needs. Every request is checked, so each
/// class is a type whose test the compiler inlines into the loop that scans a field.
enum HTTPSyntax {
    /// A class of bytes.
    protocol ByteClass {
        static func contains(_ byte: UInt8) -> Bool
        /// Whether all eight bytes of `word` are surely in the class (`false` when unsure), so that
        /// long values are checked eight bytes at a time.
        static func surelyContainsAll(_ word: UInt64) -> Bool
    }

    /// `tchar` (RFC 9110 §5.6.2): the bytes of a token, the syntax of header names and methods.
    enum Token: ByteClass {
        @inline(__always)
        static func contains(_ byte: UInt8) -> Bool {
            // One bit per ASCII byte: a shift and a mask instead of range tests and a switch.
            byte < 64 ? (lowMask >> byte) & 1 != 0 : byte < 128 && (highMask >> (byte &- 64)) & 1 != 0
        }

        /// Bits 0–63: the bytes 0–63 that are `tchar`, `!#$%&'*+-.` and the digits.
        static let lowMask: UInt64 = 0x03FF_6CFA_0000_0000
        /// Bits 0–63: the bytes 64–127 that are `tchar`, the letters and `^_`|~`.
        static let highMask: UInt64 = 0x57FF_FFFF_C7FF_FFFE

        @inline(__always)
        static func surelyContainsAll(_ word: UInt64) -> Bool { false }
    }

    /// The bytes a header value may hold (RFC 9110 §5.5): visible ASCII, space, tab, and
    /// `obs-text` (0x80–0xFF, which is how UTF-8 text travels).
    ///
    /// CR, LF and NUL end or split a header line on the wire: a value holding them injects headers
    /// or a whole request. The RFC calls the other control characters invalid too, while letting a
    /// recipient keep them; a sender must not generate them, so they are refused as well, and so is
    /// DEL (0x7F). Bytes from 0x80 up are allowed: the RFC keeps them as `obs-text`, and apps do
    /// send UTF-8 in custom headers.
    enum FieldValue: ByteClass {
        @inline(__always)
        static func contains(_ byte: UInt8) -> Bool {
            byte >= 0x20 ? byte != 0x7F : byte == 0x09
        }

        @inline(__always)
        static func surelyContainsAll(_ word: UInt64) -> Bool {
            !hasByte(in: word, below: 0x20) && !hasByte(in: word, equalTo: 0x7F)
        }
    }

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether a byte of `word` is below `limit` (at most 0x80): the classic bit trick, exact.
    @inline(__always)
    static func hasByte(in word: UInt64, below limit: UInt8) -> Bool {
        (word &- lowBits &* UInt64(limit)) & ~word & highBits != 0
    }

    /// Whether a byte of `word` equals `value`.
    @inline(__always)
    static func hasByte(in word: UInt64, equalTo value: UInt8) -> Bool {
        hasByte(in: word ^ (lowBits &* UInt64(value)), below: 1)
    }

    /// The first byte of `text` outside `Class`, and its offset; `nil` when all are inside.
    static func firstRefused<Class: ByteClass>(in text: String, _: Class.Type) -> (byte: UInt8, offset: Int)? {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> (UInt8, Int)? in
            var start = 0
            if let base = bytes.baseAddress {
                while start + 8 <= bytes.count,
                    Class.surelyContainsAll(UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
                {
                    start += 8
                }
            }
            guard let base = bytes.baseAddress else { return nil }
            for offset in start..<bytes.count where !Class.contains(base[offset]) { return (base[offset], offset) }
            return nil
        }
        if let found { return found }
        var offset = 0
        for byte in text.utf8 {
            if !Class.contains(byte) { return (byte, offset) }
            offset += 1
        }
        return nil
    }

    /// The part of `text` before byte `offset`, for naming what was refused without the rest.
    static func prefix(of text: String, bytes offset: Int) -> String {
        String(decoding: text.utf8.prefix(offset), as: UTF8.self)
    }
}
