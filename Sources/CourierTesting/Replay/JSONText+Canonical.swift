import Foundation

extension JSONText {
    /// `data` with object members sorted by key at every level and no whitespace outside strings;
    /// strings and numbers stay exactly as written, so the result is the same on every platform.
    /// `nil` when `data` is not JSON.
    static func canonical(_ data: Data) -> Data? {
        guard isJSON(data) else { return nil }
        var parser = CanonicalParser(bytes: [UInt8](compacted(data)))
        guard let value = parser.value(), parser.isAtEnd else { return nil }
        return Data(value)
    }
}

/// Rewrites compact JSON with sorted object members; expects input already validated as JSON.
private struct CanonicalParser {
    let bytes: [UInt8]
    private var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func value() -> [UInt8]? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string()
        default: return scalar()
        }
    }

    private mutating func object() -> [UInt8]? {
        index += 1
        var members: [(key: [UInt8], value: [UInt8])] = []
        if take(UInt8(ascii: "}")) { return Array("{}".utf8) }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
            members.append((key, value))
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { return nil }
        let sorted = members.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        return joined(sorted.map { $0.key + [UInt8(ascii: ":")] + $0.value }, open: "{", close: "}")
    }

    private mutating func array() -> [UInt8]? {
        index += 1
        var elements: [[UInt8]] = []
        if take(UInt8(ascii: "]")) { return Array("[]".utf8) }
        repeat {
            guard let element = value() else { return nil }
            elements.append(element)
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { return nil }
        return joined(elements, open: "[", close: "]")
    }

    private mutating func string() -> [UInt8]? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            index += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return Array(bytes[start..<index]) }
        }
        return nil
    }

    /// A number, `true`, `false` or `null`, as written.
    private mutating func scalar() -> [UInt8]? {
        let start = index
        let ends: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")]
        while index < bytes.count, !ends.contains(bytes[index]) {
            index += 1
        }
        return index > start ? Array(bytes[start..<index]) : nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func joined(_ parts: [[UInt8]], open: Unicode.Scalar, close: Unicode.Scalar) -> [UInt8] {
        [UInt8(ascii: open)] + Array(parts.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: close)]
    }
}
