/// A `Transfer-Encoding: chunked` body read off a socket (RFC 9112 §7.1), for the start of a
/// refused handshake's answer: lenient, bounded by what was read.
enum ChunkedBody {
    /// Whether `bytes` hold the last chunk (a zero size line).
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        var chunks = ChunkIterator(bytes)
        while chunks.next() != nil {}
        return chunks.sawLast
    }

    /// The data of the chunks in `bytes`, as far as they arrived.
    static func decode(_ bytes: [UInt8]) -> [UInt8] {
        var chunks = ChunkIterator(bytes)
        var body: [UInt8] = []
        while let chunk = chunks.next() { body += chunk }
        return body
    }

    private struct ChunkIterator {
        let bytes: [UInt8]
        var index = 0
        var sawLast = false

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The next chunk's data (cut short where the bytes end), or `nil` at the last chunk or
        /// where a size line is missing or not hexadecimal.
        mutating func next() -> ArraySlice<UInt8>? {
            guard !sawLast, let lineEnd = lineEnd(from: index) else { return nil }
            var size = 0
            for byte in bytes[index..<lineEnd] {
                guard let digit = Self.hexValue(byte) else { break }
                guard size < (1 << 40) else { return nil }
                size = size * 16 + digit
            }
            guard lineEnd > index, Self.hexValue(bytes[index]) != nil else { return nil }
            let start = lineEnd + 2
            if size == 0 {
                sawLast = true
                return nil
            }
            let end = min(bytes.count, start + size)
            guard start <= end else { return nil }
            index = min(bytes.count, end + 2)
            return bytes[start..<end]
        }

        private func lineEnd(from start: Int) -> Int? {
            var position = start
            while position + 1 < bytes.count {
                if bytes[position] == 13 && bytes[position + 1] == 10 { return position }
                position += 1
            }
            return nil
        }

        private static func hexValue(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
            default: nil
            }
        }
    }
}
