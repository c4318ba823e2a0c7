/// The core schema's numbers, written as JSON number text (see ``YAMLCoreSchema``).
enum YAMLNumberText {
    /// The longest hexadecimal or octal integer converted to decimal: the conversion takes time
    /// quadratic in the digits, so a longer one stays a string rather than stall the reader.
    static let maximumRadixDigits = 1000

    /// The number `bytes` spell, `.string(".inf")`, `.string("-.inf")` or `.string(".nan")` for
    /// those, or `nil` when they spell no number.
    static func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> DocumentValue? {
        if bytes.count > 2 && bytes[0] == UInt8(ascii: "0") {
            let marker = bytes[1]
            if marker == UInt8(ascii: "x") { return radixInteger(bytes.dropFirst(2), radix: 16) }
            if marker == UInt8(ascii: "o") { return radixInteger(bytes.dropFirst(2), radix: 8) }
        }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        let rest = bytes[index...]
        if rest.first == UInt8(ascii: ".") && rest.count == 4 {
            if matchesSpecial(rest, "inf") { return .string(negative ? "-.inf" : ".inf") }
            if index == 0 && matchesSpecial(rest, "nan") { return .string(".nan") }
        }
        return decimal(rest, negative: negative)
    }

    /// `.inf`, `.Inf`, `.INF` (or the same with `nan`, `NaN`, `NAN`) after the dot.
    private static func matchesSpecial(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ word: String) -> Bool {
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        switch word {
        case "inf": return text == "inf" || text == "Inf" || text == "INF"
        default: return text == "nan" || text == "NaN" || text == "NAN"
        }
    }

    /// A decimal integer or float after its sign, or `nil`.
    private static func decimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, negative: Bool) -> DocumentValue? {
        var index = bytes.startIndex
        let end = bytes.endIndex
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let integerStart = index
        while index < end && isDigit(bytes[index]) { index += 1 }
        let integer = bytes[integerStart..<index]
        var fraction: Slice<UnsafeBufferPointer<UInt8>>? = nil
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end && isDigit(bytes[index]) { index += 1 }
            fraction = bytes[fractionStart..<index]
        }
        guard !integer.isEmpty || !(fraction?.isEmpty ?? true) else { return nil }
        var exponent: Slice<UnsafeBufferPointer<UInt8>>? = nil
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            let exponentStart = index
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) { index += 1 }
            let digitsStart = index
            while index < end && isDigit(bytes[index]) { index += 1 }
            guard index > digitsStart else { return nil }
            exponent = bytes[exponentStart..<index]
        }
        guard index == end else { return nil }

        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 3)
        let significant = integer.drop { $0 == UInt8(ascii: "0") }
        let isFloat = fraction != nil || exponent != nil
        if negative && (isFloat || !significant.isEmpty) { text.append(UInt8(ascii: "-")) }
        if significant.isEmpty { text.append(UInt8(ascii: "0")) } else { text.append(contentsOf: significant) }
        if let fraction {
            text.append(UInt8(ascii: "."))
            if fraction.isEmpty { text.append(UInt8(ascii: "0")) } else { text.append(contentsOf: fraction) }
        }
        if let exponent { text.append(contentsOf: exponent) }
        return .number(String(decoding: text, as: UTF8.self))
    }

    /// A hexadecimal or octal integer as decimal text, or `nil` when a digit is out of range or
    /// there are more than ``maximumRadixDigits``.
    private static func radixInteger(_ digits: Slice<UnsafeBufferPointer<UInt8>>, radix: UInt64) -> DocumentValue? {
        guard digits.count <= maximumRadixDigits else { return nil }
        // Little-endian limbs of 10^9, multiplied by the radix and added to per digit.
        var limbs: [UInt64] = [0]
        for byte in digits {
            guard let digit = YAMLScanner.hexValue(byte).map(UInt64.init), digit < radix else { return nil }
            var carry = digit
            for index in limbs.indices {
                let product = limbs[index] * radix + carry
                limbs[index] = product % 1_000_000_000
                carry = product / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return .number(text)
    }
}
