/// Checks UTF-8 piece by piece, as a text message's fragments arrive (RFC 6455 §8.1): a message is
/// refused at the first byte that cannot be part of valid UTF-8, not only at its end, and a
/// character may be split across fragments.
///
/// It follows the well-formed byte sequences of Unicode's Table 3-7: no overlong forms, no
/// surrogates (`ED A0…ED BF`), nothing above U+10FFFF.
struct UTF8Validator: Sendable {
    /// Continuation bytes still expected for the character under way.
    private var remaining = 0
    /// The range of the next continuation byte (narrower than `80…BF` right after some leads).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether the bytes so far end on a whole character: a message is valid only if they do.
    var isComplete: Bool { remaining == 0 }

    /// Reads `bytes`; `false` as soon as they cannot continue valid UTF-8. Once it has returned
    /// `false` the validator's state means nothing: start a new one.
    mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            if remaining == 0 {
                // ASCII, eight bytes at a time while no high bit is set.
                while count - index >= 8,
                    bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                guard index < count else { return true }
                let byte = bytes[index]
                index += 1
                if byte < 0x80 { continue }
                guard start(byte) else { return false }
            } else {
                let byte = bytes[index]
                index += 1
                guard byte >= lower && byte <= upper else { return false }
                remaining -= 1
                (lower, upper) = (0x80, 0xBF)
            }
        }
        return true
    }

    /// Reads `bytes`; see ``validate(_:)-(UnsafeRawBufferPointer)``.
    mutating func validate(_ bytes: some Sequence<UInt8>) -> Bool {
        var bytes = Array(bytes)
        return bytes.withUnsafeMutableBytes { validate(UnsafeRawBufferPointer($0)) }
    }

    /// Starts a character at the lead byte `byte` (not ASCII); `false` when no character starts so.
    private mutating func start(_ byte: UInt8) -> Bool {
        switch byte {
        case 0xC2...0xDF: (remaining, lower, upper) = (1, 0x80, 0xBF)
        case 0xE0: (remaining, lower, upper) = (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (remaining, lower, upper) = (2, 0x80, 0xBF)
        case 0xED: (remaining, lower, upper) = (2, 0x80, 0x9F)
        case 0xF0: (remaining, lower, upper) = (3, 0x90, 0xBF)
        case 0xF1...0xF3: (remaining, lower, upper) = (3, 0x80, 0xBF)
        case 0xF4: (remaining, lower, upper) = (3, 0x80, 0x8F)
        default: return false
        }
        return true
    }
}
