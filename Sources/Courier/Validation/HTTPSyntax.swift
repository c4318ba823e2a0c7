/// The byte classes of RFC 9110 that request validation needs.
enum HTTPSyntax {
    /// `tchar` (RFC 9110 §5.6.2): the bytes of a token, the syntax of header names and methods.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Whether a header value may hold `byte` (RFC 9110 §5.5): visible ASCII, space, tab, and
    /// `obs-text` (0x80–0xFF, which is how UTF-8 text travels).
    ///
    /// CR, LF and NUL end or split a header line on the wire: a value holding them injects headers
    /// or a whole request. The RFC calls the other control characters invalid too, while letting a
    /// recipient keep them; a sender must not generate them, so they are refused as well, and so is
    /// DEL (0x7F). Bytes from 0x80 up are allowed: the RFC keeps them as `obs-text`, and apps do
    /// send UTF-8 in custom headers.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == 0x09
    }

    /// The first byte of `text` that `isAllowed` refuses, and its offset; `nil` when all are allowed.
    static func firstRefused(in text: String, by isAllowed: (UInt8) -> Bool) -> (byte: UInt8, offset: Int)? {
        var offset = 0
        for byte in text.utf8 {
            if !isAllowed(byte) { return (byte, offset) }
            offset += 1
        }
        return nil
    }

    /// The part of `text` before byte `offset`, for naming what was refused without the rest.
    static func prefix(of text: String, bytes offset: Int) -> String {
        String(decoding: text.utf8.prefix(offset), as: UTF8.self)
    }
}
