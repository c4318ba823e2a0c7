/// The byte classes ``TextRedactor`` reads text by.
extension TextRedactor {
    /// Whether `byte` can start a shape: a quote, a backslash, `=`, `%`, `:`, `<`, the `B` of
    /// `Bearer` or the `J` of `eyJ`.
    @inline(__always)
    static func isTrigger(_ byte: UInt8) -> Bool {
        switch byte {
        case Byte.doubleQuote, Byte.singleQuote, Byte.backslash, Byte.equals, Byte.percent, Byte.colon,
            Byte.lessThan, UInt8(ascii: "B"), UInt8(ascii: "b"), UInt8(ascii: "J"):
            true
        default:
            false
        }
    }

    /// Blanks and line ends.
    static func isSpace(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == Byte.lineFeed || byte == Byte.carriageReturn
    }

    /// Bytes after which an unquoted `name:` is a member: `(`, `{`, `[`, `,`.
    static func opensMember(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: ",")
    }

    /// Bytes of a bearer token (RFC 6750's `b64token`): letters, digits, `- . _ ~ + / =`.
    static func isBearerTokenByte(_ byte: UInt8) -> Bool {
        isBase64URLByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "+")
            || byte == Byte.slash || byte == Byte.equals
    }

    /// ASCII letters, either case.
    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Bytes of base64url: letters, digits, `-`, `_`.
    static func isBase64URLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// Whether the `=` at `index` is part of `==`, `!=`, `<=`, `>=` or `=>`: a comparison, not a value.
    static func isComparison(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        let previous = index > 0 ? bytes[index - 1] : 0
        return next == Byte.equals || next == UInt8(ascii: ">") || previous == Byte.equals
            || previous == UInt8(ascii: "!") || previous == Byte.lessThan || previous == UInt8(ascii: ">")
    }

    /// Whether `text` (ASCII) stands at `index` in `bytes`; `ignoringCase` for letters.
    static func follows(
        _ text: StaticString, at index: Int, in bytes: UnsafeBufferPointer<UInt8>, ignoringCase: Bool = false
    ) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        for offset in 0..<count {
            let expected = text.utf8Start[offset]
            let actual = bytes[index + offset]
            guard actual == expected || (ignoringCase && actual | 0x20 == expected | 0x20 && expected | 0x20 >= 0x61)
            else { return false }
        }
        return true
    }

    /// Whether `text` (ASCII) ends right before `index` in `bytes`.
    static func follows(_ text: StaticString, before index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        follows(text, at: index - text.utf8CodeUnitCount, in: bytes)
    }

    /// `%3D` or, encoded twice, `%253D` at `index`: its length, or `nil`.
    func encodedEquals(at index: Int) -> Int? {
        if byte(index + 1) == UInt8(ascii: "3") && byte(index + 2) | 0x20 == UInt8(ascii: "d") { return 3 }
        if byte(index + 1) == UInt8(ascii: "2") && byte(index + 2) == UInt8(ascii: "5")
            && byte(index + 3) == UInt8(ascii: "3")
            && byte(index + 4) | 0x20 == UInt8(ascii: "d")
        {
            return 5
        }
        return nil
    }

    /// Whether `%26` or, encoded twice, `%2526` (an encoded `&`) stands at `index`.
    func encodedAmpersand(at index: Int) -> Bool {
        Self.follows("%26", at: index, in: bytes) || Self.follows("%2526", at: index, in: bytes)
    }

    /// The first index from `index` that is not a blank.
    func skipBlanks(from index: Int) -> Int {
        var position = index
        while position < bytes.count, Self.isBlank(bytes[position]) { position += 1 }
        return position
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
