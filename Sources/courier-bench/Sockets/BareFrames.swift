/// RFC 6455 frames as a bare loop reads and writes them: the floor of the WebSocket rows and the
/// bench server's half. No extension, no checks beyond what the loop needs.
enum BareFrames {
    /// The header of a frame of `length` bytes with `opcode`, masked with `key` when there is one.
    static func header(opcode: UInt8, length: Int, key: UInt32?) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode]
        let maskBit: UInt8 = key == nil ? 0 : 0x80
        if length < 126 {
            bytes.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: length >> shift))
            }
        }
        if let key {
            for shift in stride(from: 24, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: key >> UInt32(shift)))
            }
        }
        return bytes
    }

    /// XORs `bytes` with `key`, four bytes at a time.
    static func mask(_ bytes: UnsafeMutableRawBufferPointer, key: UInt32) {
        let wide = UInt32(bigEndian: key)
        var index = 0
        while bytes.count - index >= 4 {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)
            bytes.storeBytes(of: word ^ wide, toByteOffset: index, as: UInt32.self)
            index += 4
        }
        while index < bytes.count {
            bytes[index] ^= UInt8(truncatingIfNeeded: key >> UInt32(24 - 8 * (index & 3)))
            index += 1
        }
    }

    /// Reads one frame's header: its opcode, payload length and mask key.
    static func readHeader(from socket: BlockingSocket) throws -> (opcode: UInt8, length: Int, key: UInt32?) {
        var head = [UInt8](repeating: 0, count: 2)
        try head.withUnsafeMutableBytes { try socket.read(into: $0) }
        var length = Int(head[1] & 0x7F)
        if length >= 126 {
            var extended = [UInt8](repeating: 0, count: length == 126 ? 2 : 8)
            try extended.withUnsafeMutableBytes { try socket.read(into: $0) }
            length = extended.reduce(0) { $0 << 8 | Int($1) }
        }
        var key: UInt32?
        if head[1] & 0x80 != 0 {
            var bytes = [UInt8](repeating: 0, count: 4)
            try bytes.withUnsafeMutableBytes { try socket.read(into: $0) }
            key = bytes.reduce(0) { $0 << 8 | UInt32($1) }
        }
        return (head[0] & 0x0F, length, key)
    }
}
