/// The opcode of a frame (RFC 6455 §5.2): what its payload is.
enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Whether frames of this opcode are control frames (close, ping, pong): at most 125 bytes,
    /// never fragmented, and allowed between the fragments of a message.
    var isControl: Bool { rawValue & 0x8 != 0 }
}
