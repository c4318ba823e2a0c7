/// JSON text for one scalar, appended to a byte buffer, as Foundation's `JSONEncoder` writes it
/// (swift-foundation, the `JSONEncoder` of Linux and of Apple platforms since iOS 18 and macOS 15).
///
/// - Strings: between quotes; `"` and `\` escaped, `/` written `\/` (Foundation's default, which
///   keeps JSON safe inside HTML), backspace, form feed, line feed, carriage return and tab as
///   `\b` `\f` `\n` `\r` `\t`, every other byte below 0x20 as `\u00xx` with lowercase hex digits;
///   everything else, DEL and U+2028/U+2029 included, as its UTF-8 bytes.
/// - Integers of every width in decimal.
/// - `Float` and `Double` as Swift's shortest text that reads back as the same number
///   (`description`), less a trailing `.0`: `1`, `-0`, `0.1`, `1e+16`, `5e-324`. Callers refuse
///   NaN and infinities first.
enum JSONText {
    /// Whether a byte of a string must be escaped.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    /// `string` between quotes, escaped.
    static func appendString(_ string: String, to buffer: inout JSONBytes) {
        buffer.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { appendEscaped($0, to: &buffer) }
        buffer.append(UInt8(ascii: "\""))
    }

    /// `bytes`, valid UTF-8, escaped, without quotes.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout JSONBytes) {
        var runStart = 0
        for index in bytes.indices where needsEscape(bytes[index]) {
            if index > runStart { buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            appendEscape(for: bytes[index], to: &buffer)
            runStart = index + 1
        }
        if runStart < bytes.count { buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    private static func appendEscape(for byte: UInt8, to buffer: inout JSONBytes) {
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x08: buffer.append(UInt8(ascii: "b"))
        case 0x09: buffer.append(UInt8(ascii: "t"))
        case 0x0A: buffer.append(UInt8(ascii: "n"))
        case 0x0C: buffer.append(UInt8(ascii: "f"))
        case 0x0D: buffer.append(UInt8(ascii: "r"))
        case 0x00..<0x20:
            buffer.append("u00")
            buffer.append(hexDigit(byte >> 4))
            buffer.append(hexDigit(byte & 0x0F))
        default: buffer.append(byte)  // " \ /
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// `value` in decimal.
    static func appendInteger<Integer: FixedWidthInteger>(_ value: Integer, to buffer: inout JSONBytes) {
        guard Integer.bitWidth <= 64 else {
            var text = value.description
            text.withUTF8 { buffer.append($0) }
            return
        }
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
            appendDigits(of: UInt64(value.magnitude), to: &buffer)
        } else {
            appendDigits(of: UInt64(value), to: &buffer)
        }
    }

    private static func appendDigits(of value: UInt64, to buffer: inout JSONBytes) {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        buffer.append(count: count) { digits in
            var rest = value
            var index = count
            repeat {
                index -= 1
                digits[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
        }
    }

    /// A finite `value` as Foundation writes it: its `description` without a trailing `.0`.
    static func appendFloatingPoint<Float: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: Float, to buffer: inout JSONBytes
    ) {
        var text = value.description
        text.withUTF8 { bytes in
            var count = bytes.count
            if count > 2, bytes[count - 2] == UInt8(ascii: "."), bytes[count - 1] == UInt8(ascii: "0") { count -= 2 }
            buffer.append(UnsafeBufferPointer(rebasing: bytes[..<count]))
        }
    }

    /// `true` or `false`.
    static func appendBool(_ value: Bool, to buffer: inout JSONBytes) {
        buffer.append(value ? "true" : "false")
    }

    /// `null`.
    static func appendNull(to buffer: inout JSONBytes) {
        buffer.append("null")
    }
}
