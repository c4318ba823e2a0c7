import Courier

/// Edits JSON text byte by byte, changing only whitespace outside strings (and, when redacting,
/// the redacted string values), so that key order and number spellings stay exactly as sent.
enum JSONText {
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// Whether `data` is a JSON document.
    static func isJSON(_ data: Data) -> Bool {
        !data.isEmpty && (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
    }

    /// `data` without whitespace outside strings.
    static func compacted(_ data: Data) -> Data {
        var output = Data(capacity: data.count)
        var scanner = StringScanner()
        for byte in data where scanner.consume(byte) || !isWhitespace(byte) {
            output.append(byte)
        }
        return output
    }

    /// Compact JSON laid out with two-space indentation and a final newline; ``compacted(_:)``
    /// turns it back into exactly `compact`.
    static func prettyPrinted(_ compact: Data) -> Data {
        let bytes = [UInt8](compact)
        var output = Data(capacity: bytes.count * 2)
        var scanner = StringScanner()
        var depth = 0
        var index = 0
        func newline() {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if scanner.consume(byte) {
                output.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]") {
                    output.append(bytes[index])
                    index += 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                newline()
            case UInt8(ascii: ":"):
                output.append(contentsOf: [byte, UInt8(ascii: " ")])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\n"))
        return output
    }

    /// `data` with the string value of every object member whose key `redaction` hides replaced
    /// by `"<redacted>"`, at any depth. Other values (numbers, objects) are kept.
    static func redactingValues(hiddenBy redaction: Redaction, in data: Data) -> Data {
        let bytes = [UInt8](data)
        let strings = stringRanges(in: bytes)
        var redacted: [Range<Int>] = []
        for (position, range) in strings.enumerated() {
            let key = String(decoding: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)], as: UTF8.self)
            guard redaction.hides(key), let colon = nextNonWhitespace(bytes, from: range.upperBound),
                bytes[colon] == UInt8(ascii: ":"), let value = nextNonWhitespace(bytes, from: colon + 1),
                position + 1 < strings.count, strings[position + 1].lowerBound == value
            else { continue }
            redacted.append(strings[position + 1])
        }
        guard !redacted.isEmpty else { return data }
        var output = Data(capacity: bytes.count)
        var cursor = 0
        for range in redacted {
            output.append(contentsOf: bytes[cursor..<range.lowerBound])
            output.append(contentsOf: Data("\"\(Redaction.placeholder)\"".utf8))
            cursor = range.upperBound
        }
        output.append(contentsOf: bytes[cursor...])
        return output
    }

    /// The ranges of all string tokens, quotes included.
    private static func stringRanges(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var scanner = StringScanner()
        var start = 0
        for (index, byte) in bytes.enumerated() {
            let wasInString = scanner.inString
            let inString = scanner.consume(byte)
            if !wasInString, inString {
                start = index
            } else if wasInString, !scanner.inString {
                ranges.append(start..<(index + 1))
            }
        }
        return ranges
    }

    private static func nextNonWhitespace(_ bytes: [UInt8], from index: Int) -> Int? {
        bytes[index...].firstIndex { !isWhitespace($0) }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Tracks whether a byte is part of a string token, escapes included.
    private struct StringScanner {
        private(set) var inString = false
        private var escaped = false

        /// Whether `byte` belongs to a string token (its quotes included).
        mutating func consume(_ byte: UInt8) -> Bool {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == backslash {
                    escaped = true
                } else if byte == quote {
                    inString = false
                }
                return true
            }
            if byte == quote {
                inString = true
                return true
            }
            return false
        }
    }
}
