/// The header of one frame (RFC 6455 §5.2): 2 to 14 bytes before its payload.
struct FrameHeader: Equatable, Sendable {
    /// The most bytes a header takes: 2, 8 for a 64-bit length, 4 for a mask key.
    static let maximumLength = 14

    var isFinal: Bool
    /// RSV1, RSV2 and RSV3, as the three bits below FIN (`0x40`, `0x20`, `0x10`).
    var reservedBits: UInt8
    /// The opcode's four bits, as sent; not every value is a known ``WebSocketOpcode``.
    var opcodeBits: UInt8
    var maskKey: UInt32?
    var payloadLength: UInt64

    /// The opcode, or `nil` for a reserved value.
    var opcode: WebSocketOpcode? { WebSocketOpcode(rawValue: opcodeBits) }

    /// Whether RSV1 is set: "per-message compressed" under permessage-deflate.
    var isCompressed: Bool { reservedBits & 0x40 != 0 }

    /// What reading the first bytes of a frame found.
    enum Parsed: Equatable {
        /// The header and how many bytes it took.
        case header(FrameHeader, length: Int)
        /// More bytes are needed.
        case incomplete
        /// A 64-bit length with its most significant bit set, which RFC 6455 forbids.
        case invalidLength
    }

    /// Reads a header from the start of `bytes`.
    static func parse(_ bytes: some Collection<UInt8>) -> Parsed {
        var iterator = bytes.makeIterator()
        guard let first = iterator.next(), let second = iterator.next() else { return .incomplete }
        var header = FrameHeader(
            isFinal: first & 0x80 != 0, reservedBits: first & 0x70, opcodeBits: first & 0x0F, maskKey: nil,
            payloadLength: UInt64(second & 0x7F))
        var length = 2
        let extraLengthBytes = header.payloadLength == 126 ? 2 : header.payloadLength == 127 ? 8 : 0
        if extraLengthBytes > 0 {
            var value: UInt64 = 0
            for _ in 0..<extraLengthBytes {
                guard let byte = iterator.next() else { return .incomplete }
                value = value << 8 | UInt64(byte)
            }
            if extraLengthBytes == 8 && value >> 63 != 0 { return .invalidLength }
            header.payloadLength = value
            length += extraLengthBytes
        }
        if second & 0x80 != 0 {
            var key: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = iterator.next() else { return .incomplete }
                key = key << 8 | UInt32(byte)
            }
            header.maskKey = key
            length += 4
        }
        return .header(header, length: length)
    }

    /// The header's bytes: the shortest length encoding, the mask key when there is one.
    func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.maximumLength)
        bytes.append((isFinal ? 0x80 : 0) | (reservedBits & 0x70) | (opcodeBits & 0x0F))
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        if payloadLength < 126 {
            bytes.append(maskBit | UInt8(payloadLength))
        } else if payloadLength <= UInt64(UInt16.max) {
            bytes.append(maskBit | 126)
            bytes.append(UInt8(truncatingIfNeeded: payloadLength >> 8))
            bytes.append(UInt8(truncatingIfNeeded: payloadLength))
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: payloadLength >> UInt64(shift)))
            }
        }
        if let maskKey {
            for shift in stride(from: 24, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: maskKey >> UInt32(shift)))
            }
        }
        return bytes
    }
}
