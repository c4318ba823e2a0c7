import Foundation

/// Writes the frames a client sends (RFC 6455 §5): every frame masked with a fresh key from the
/// system's random source, messages longer than ``fragmentSize`` in fragments (so that control
/// frames can go between them), compressed with permessage-deflate when it was agreed.
struct FrameWriter {
    /// The payload of each fragment of a long message: 64 KiB.
    static let fragmentSize = 64 * 1024
    /// Messages shorter than this are sent uncompressed, which saves more than deflating them would.
    static let smallestCompressed = 64

    /// The deflater of permessage-deflate, when the handshake agreed to it and this side compresses.
    let deflater: (any MessageDeflating)?
    /// Masks frames: a client's must be; a test server's must not.
    var masks = true
    /// Where the mask keys come from.
    private var keys = MaskKeys()

    /// A writer that compresses with `deflater`, when permessage-deflate was agreed.
    init(deflater: (any MessageDeflating)?) {
        self.deflater = deflater
    }

    /// The frames of `message`, in order.
    mutating func frames(for message: WebSocketMessage) -> [Data] {
        let opcode: WebSocketOpcode
        let payload: Data
        switch message {
        case .text(let text): (opcode, payload) = (.text, Data(text.utf8))
        case .binary(let data): (opcode, payload) = (.binary, data)
        }
        var body = payload
        var compressed = false
        if let deflater, payload.count >= Self.smallestCompressed, let deflated = deflater.deflate(payload) {
            (body, compressed) = (deflated, true)
        }
        guard body.count > Self.fragmentSize else {
            return [frame(opcode, body, isFinal: true, compressed: compressed)]
        }
        var frames: [Data] = []
        frames.reserveCapacity(body.count / Self.fragmentSize + 1)
        var start = body.startIndex
        while start < body.endIndex {
            let end = body.index(start, offsetBy: Self.fragmentSize, limitedBy: body.endIndex) ?? body.endIndex
            frames.append(
                frame(
                    start == body.startIndex ? opcode : .continuation, body[start..<end], isFinal: end == body.endIndex,
                    compressed: compressed && start == body.startIndex))
            start = end
        }
        return frames
    }

    /// A close frame with `code` and `reason`, the reason cut to the 123 bytes a control frame
    /// leaves it (on a character boundary); with neither when `code` is `nil`.
    mutating func closeFrame(_ code: WebSocketCloseCode?, reason: String) -> Data {
        guard let code else { return frame(.close, Data(), isFinal: true, compressed: false) }
        var payload = Data([UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)])
        payload.append(contentsOf: Self.truncated(reason, toBytes: 123).utf8)
        return frame(.close, payload, isFinal: true, compressed: false)
    }

    /// A ping or pong with `payload` (at most 125 bytes are sent).
    mutating func controlFrame(_ opcode: WebSocketOpcode, _ payload: Data) -> Data {
        frame(opcode, payload.prefix(125), isFinal: true, compressed: false)
    }

    /// One frame: header and payload, masked.
    mutating func frame(_ opcode: WebSocketOpcode, _ payload: Data, isFinal: Bool, compressed: Bool) -> Data {
        let key = masks ? keys.take() : nil
        let header = FrameHeader(
            isFinal: isFinal, reservedBits: compressed ? 0x40 : 0, opcodeBits: opcode.rawValue, maskKey: key,
            payloadLength: UInt64(payload.count)
        ).encoded()
        var bytes = Data(capacity: header.count + payload.count)
        bytes.append(contentsOf: header)
        bytes.append(payload)
        if let key {
            bytes.withUnsafeMutableBytes { buffer in
                _ = FrameMask.apply(key, to: UnsafeMutableRawBufferPointer(rebasing: buffer[header.count...]))
            }
        }
        return bytes
    }

    /// `text`, cut to at most `limit` bytes of UTF-8 without splitting a character.
    static func truncated(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var count = 0
        for character in text.unicodeScalars {
            let length = String(character).utf8.count
            guard count + length <= limit else { break }
            result.unicodeScalars.append(character)
            count += length
        }
        return result
    }
}
