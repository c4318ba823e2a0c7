/// The byte classes ``TextRedactor`` reads text by.
extension TextRedactor {
    /// Whether `byte` can start a shape: a quote, a backslash, `=`, `%`, `:` or `<`.
    @inline(__always)
    static func isTrigger(_ byte: UInt8) -> Bool {
        switch byte {
        case Byte.doubleQuote, Byte.singleQuote, Byte.backslash, Byte.equals, Byte.percent, Byte.colon,
            Byte.lessThan:
            true
        default:
            false
        }
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == Byte.space || byte == Byte.tab
    }

    /// Bytes of a name before `=`: letters, digits, `_ - . [ ] % +`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        isLineNameByte(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == Byte.percent
            || byte == UInt8(ascii: "+")
    }

    /// Bytes of a name before `:` or in an XML tag: letters, digits, `_ - .`.
    static func isLineNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// Where a `name=value` value ends: `&`, whitespace, a quote, `#`, `<`, `>` or a backslash.
    static func endsPairValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), Byte.space, Byte.tab, Byte.lineFeed, Byte.carriageReturn, Byte.doubleQuote,
            Byte.singleQuote, UInt8(ascii: "#"), Byte.lessThan, UInt8(ascii: ">"), Byte.backslash:
            true
        default:
            false
        }
    }

    /// Where a URL's authority ends.
    static func endsAuthority(_ byte: UInt8) -> Bool {
        switch byte {
        case Byte.slash, UInt8(ascii: "?"), UInt8(ascii: "#"), Byte.doubleQuote, Byte.singleQuote, Byte.backslash,
            Byte.lessThan, UInt8(ascii: ">"), Byte.space, Byte.tab, Byte.lineFeed, Byte.carriageReturn:
            true
        default:
            false
        }
    }

    /// Where an unquoted JSON value ends.
    static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), Byte.lineFeed, Byte.carriageReturn:
            true
        default:
            false
        }
    }
}
