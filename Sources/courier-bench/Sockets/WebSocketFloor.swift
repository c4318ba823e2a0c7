import Foundation

/// The floor of the WebSocket rows: a bare RFC 6455 client on a blocking socket, as little as a
/// client can do and still be one (masked frames with keys from the system's random source, the
/// handshake's head sent and read, no check of it, no extension).
final class WebSocketFloor {
    private let socket: BlockingSocket
    private var generator = SystemRandomNumberGenerator()
    private var payload = [UInt8](repeating: 0, count: 1 << 20)

    /// Connects to the bench server and does the handshake.
    init(port: Int) throws {
        socket = try BlockingSocket.connect(port: port)
        let request =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try Array(request.utf8).withUnsafeBytes { try socket.write($0) }
        _ = try socket.readHead()
    }

    /// Sends `message` as one masked frame of `opcode`.
    func send(_ message: [UInt8], opcode: UInt8) throws {
        let key = UInt32.random(in: .min ... .max, using: &generator)
        var frame = BareFrames.header(opcode: opcode, length: message.count, key: key)
        let start = frame.count
        frame += message
        frame.withUnsafeMutableBytes {
            BareFrames.mask(UnsafeMutableRawBufferPointer(rebasing: $0[start...]), key: key)
        }
        try frame.withUnsafeBytes { try socket.write($0) }
    }

    /// Reads the next message (one frame); returns its length.
    @discardableResult
    func receive() throws -> Int {
        let (_, length, _) = try BareFrames.readHeader(from: socket)
        if length > payload.count { payload = [UInt8](repeating: 0, count: length) }
        try payload.withUnsafeMutableBytes {
            try socket.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<length]))
        }
        return length
    }
}
