/// Punycode (RFC 3492): the ASCII form of a Unicode label, which IDNA writes after `xn--`.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialCodePoint = 0x80
    /// Longer labels are no DNS labels; the limit also keeps every sum far from overflowing.
    private static let longestLabel = 255

    /// The Punycode of `label`, without the `xn--` prefix; `nil` for a label of more than 255
    /// characters.
    static func encode(_ label: some StringProtocol) -> String? {
        let codePoints = label.unicodeScalars.map { Int($0.value) }
        guard codePoints.count <= longestLabel else { return nil }
        var output = String(String.UnicodeScalarView(label.unicodeScalars.filter(\.isASCII)))
        let basicCount = output.unicodeScalars.count
        if basicCount > 0 { output.append("-") }
        var handled = basicCount
        var codePoint = initialCodePoint
        var delta = 0
        var bias = initialBias
        while handled < codePoints.count {
            // The smallest code point not handled yet; every round handles at least one.
            guard let next = codePoints.filter({ $0 >= codePoint }).min() else { return nil }
            delta += (next - codePoint) * (handled + 1)
            codePoint = next
            for current in codePoints {
                if current < codePoint { delta += 1 }
                guard current == codePoint else { continue }
                output += variableLengthInteger(delta, bias: bias)
                bias = adapt(delta, count: handled + 1, isFirst: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            codePoint += 1
        }
        return output
    }

    /// `value` as RFC 3492 §3.3's generalized variable-length integer, its thresholds from `bias`.
    private static func variableLengthInteger(_ value: Int, bias: Int) -> String {
        var digits = ""
        var rest = value
        var position = base
        while true {
            let threshold = position <= bias ? tMin : (position >= bias + tMax ? tMax : position - bias)
            if rest < threshold { break }
            digits.append(digit(threshold + (rest - threshold) % (base - threshold)))
            rest = (rest - threshold) / (base - threshold)
            position += base
        }
        digits.append(digit(rest))
        return digits
    }

    /// The bias after a code point is written (RFC 3492 §6.1).
    private static func adapt(_ delta: Int, count: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / count
        var position = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            position += base
        }
        return position + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The digit for `value` (0...35): `a` to `z`, then `0` to `9`.
    private static func digit(_ value: Int) -> Character {
        let scalar = value < 26 ? 0x61 + value : 0x30 + value - 26
        return Character(Unicode.Scalar(UInt8(scalar)))
    }
}
