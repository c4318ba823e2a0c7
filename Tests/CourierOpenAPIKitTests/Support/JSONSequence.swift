import CourierOpenAPIKit

/// Reads a sequence of JSON texts, one after another (the yaml-test-suite writes one per YAML
/// document into `in.json`), into document values; numbers keep their text. Test-only: strict
/// enough for the suite's files, and `nil` on anything else.
enum JSONSequence {
    static func values(_ text: String) -> [DocumentValue]? {
        var reader = Reader(bytes: Array(text.utf8))
        var values: [DocumentValue] = []
        reader.skipWhitespace()
        while reader.index < reader.bytes.count {
            guard let value = reader.value() else { return nil }
            values.append(value)
            reader.skipWhitespace()
        }
        return values
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func value() -> DocumentValue? {
            skipWhitespace()
            switch current {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string().map(DocumentValue.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ word: String, _ value: DocumentValue) -> DocumentValue? {
            let end = index + word.utf8.count
            guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else { return nil }
            index = end
            return value
        }

        mutating func number() -> DocumentValue? {
            let start = index
            while let byte = current,
                byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            {
                index += 1
            }
            return index > start ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
        }

        mutating func array() -> DocumentValue? {
            index += 1
            var items: [DocumentValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                guard let item = value() else { return nil }
                items.append(item)
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                } else if current == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                } else {
                    return nil
                }
            }
        }

        mutating func object() -> DocumentValue? {
            index += 1
            var members: [DocumentMember] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(DocumentObject(members))
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let item = value() else { return nil }
                members.append(DocumentMember(key: key, value: item))
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                } else if current == UInt8(ascii: "}") {
                    index += 1
                    return .object(DocumentObject(members))
                } else {
                    return nil
                }
            }
        }

        mutating func string() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var utf8: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll()
            }
            while let byte = current {
                index += 1
                if byte == UInt8(ascii: "\"") {
                    flush()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    utf8.append(byte)
                    continue
                }
                guard let escape = current else { return nil }
                index += 1
                switch escape {
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(code), current == UInt8(ascii: "\\") {
                        index += 2
                        guard let low = hex4() else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    flush()
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                default: utf8.append(escape)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count,
                let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { return nil }
            index += 4
            return code
        }
    }
}

/// Whether two values are the same JSON: numbers equal as numbers (`1e3` and `1000.0`), objects
/// equal as sets of members (the suite's files do not always keep the YAML's key order).
func sameJSON(_ lhs: DocumentValue, _ rhs: DocumentValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b || (Double(a) != nil && Double(a) == Double(b))
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(sameJSON)
    case (.object(let a), .object(let b)):
        return a.count == b.count
            && a.members.allSatisfy { member in b[member.key].map { sameJSON(member.value, $0) } ?? false }
    default: return false
    }
}
