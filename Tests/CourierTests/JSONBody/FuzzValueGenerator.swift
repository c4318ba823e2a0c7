import CourierTestSupport
import Foundation

/// Random ``FuzzValue``s: every scalar type with its edge values, keys that collide (equal bytes,
/// equal as Swift strings only, equal but for case or digits), strings with everything JSON
/// escapes, and shapes up to `maximumDepth` levels.
struct FuzzValueGenerator {
    var random: SeededGenerator
    let maximumDepth: Int
    /// Whether keys are tracked as an encoder that converts them sees them: lowercased, without
    /// underscores (two keys that `.convertToSnakeCase` makes equal are equal so), so that a nested
    /// container never takes a key Foundation holds something else under.
    let foldsKeys: Bool

    /// Keys that sort in telling ways and collide: case, digits, non-ASCII, NFC and NFD `é`,
    /// characters that JSON escapes (sorted by their own bytes, not their escapes).
    static let keyPool = [
        "a", "b", "B", "A", "a10", "a2", "é", "e\u{301}", "", "/", "\"", "\\", "\u{0}", "\n", "z", "ä", "日本",
        "😀", "id", "ID", "_a", "a b", "\u{7F}", "\u{FFFF}",
    ]

    /// Text JSON escapes or passes through as it is.
    static let stringPieces = [
        "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{B}", "\u{C}", "\u{D}", "\u{1F}", "\u{7F}",
        "\u{2028}", "\u{2029}", "</script>", "é", "e\u{301}", "😀", "\u{FEFF}",
    ]

    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.5, 1.5, 100, 1e15, 1e16, 1e17, 123_456_789_012_345_683_968, 1e-7, 1e-5, 0.001,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 9_007_199_254_740_994,
        0.30000000000000004, 1e21, 1e22, 1e300, 12.25,
    ]

    static let floats: [Float] = [
        0, -0.0, 1, 0.1, 1e10, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 16_777_218, 0.3,
        1e7, 1e-7, 2.5,
    ]

    init(seed: UInt64, maximumDepth: Int = 4, foldsKeys: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.maximumDepth = maximumDepth
        self.foldsKeys = foldsKeys
    }

    /// `key` as the generator tracks it.
    func tracked(_ key: String) -> String {
        foldsKeys ? key.filter { $0 != "_" }.lowercased() : key
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int.random(in: 0..<elements.count, using: &random)]
    }

    mutating func key() -> String {
        chance(60) ? pick(Self.keyPool) : random.string(maximumLength: 6)
    }

    mutating func string() -> String {
        var text = random.string(maximumLength: 10)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            text += pick(Self.stringPieces) + random.string(maximumLength: 3)
        }
        return text
    }

    mutating func double() -> Double {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return pick(Self.doubles) * (chance(50) ? 1 : -1)
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 1000
        case 2: return Double.random(in: -1e6...1e6, using: &random)
        default:
            let value = Double(bitPattern: random.next())
            return value.isFinite ? value : 1
        }
    }

    mutating func float() -> Float {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return pick(Self.floats) * (chance(50) ? 1 : -1)
        case 1: return Float(Int.random(in: -100_000...100_000, using: &random)) / 100
        default:
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            return value.isFinite ? value : 1
        }
    }

    mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) -> Integer {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .min
        case 1: return .max
        case 2: return Integer(truncatingIfNeeded: Int.random(in: -200...200, using: &random))
        default: return Integer(truncatingIfNeeded: random.next())
        }
    }

    mutating func scalar() -> FuzzScalar {
        switch Int.random(in: 0..<15, using: &random) {
        case 0: .null
        case 1: .bool(chance(50))
        case 2, 3: .string(string())
        case 4: .double(double())
        case 5: .float(float())
        case 6: .int(integer(Int.self))
        case 7: .int8(integer(Int8.self))
        case 8: .int16(integer(Int16.self))
        case 9: .int32(integer(Int32.self))
        case 10: .int64(integer(Int64.self))
        case 11: .uint(integer(UInt.self))
        case 12: .uint8(integer(UInt8.self))
        case 13: .uint16(integer(UInt16.self))
        default: chance(50) ? .uint32(integer(UInt32.self)) : .uint64(integer(UInt64.self))
        }
    }
}
