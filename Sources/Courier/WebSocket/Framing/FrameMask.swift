/// The masking of RFC 6455 §5.3: each payload byte XORed with the key's byte at its position
/// modulo 4. The same operation masks and unmasks.
enum FrameMask {
    /// XORs `bytes` in place with `key` (its most significant byte first, as on the wire), starting
    /// at key position `offset` (0 to 3); returns the position after the last byte, for a payload
    /// masked in pieces.
    @discardableResult
    static func apply(_ key: UInt32, to bytes: UnsafeMutableRawBufferPointer, offset: Int = 0) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return offset }
        let keyBytes = (
            UInt8(truncatingIfNeeded: key >> 24), UInt8(truncatingIfNeeded: key >> 16),
            UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key)
        )
        func keyByte(_ position: Int) -> UInt8 {
            switch position & 3 {
            case 0: keyBytes.0
            case 1: keyBytes.1
            case 2: keyBytes.2
            default: keyBytes.3
            }
        }
        var index = 0
        var position = offset & 3
        // Byte by byte up to an 8-byte boundary, then eight bytes at a time, then the rest.
        while index < bytes.count && (Int(bitPattern: base + index) & 7 != 0) {
            base.storeBytes(
                of: base.load(fromByteOffset: index, as: UInt8.self) ^ keyByte(position), toByteOffset: index,
                as: UInt8.self)
            index += 1
            position = (position + 1) & 3
        }
        if bytes.count - index >= 8 {
            var wide: UInt64 = 0
            withUnsafeMutableBytes(of: &wide) { word in
                for byte in 0..<8 { word[byte] = keyByte(position + byte) }
            }
            while bytes.count - index >= 8 {
                let word = base.load(fromByteOffset: index, as: UInt64.self)
                base.storeBytes(of: word ^ wide, toByteOffset: index, as: UInt64.self)
                index += 8
            }
        }
        while index < bytes.count {
            base.storeBytes(
                of: base.load(fromByteOffset: index, as: UInt8.self) ^ keyByte(position), toByteOffset: index,
                as: UInt8.self)
            index += 1
            position = (position + 1) & 3
        }
        return position
    }
}
