import Foundation

/// The nonce of an opening handshake (`Sec-WebSocket-Key`, RFC 6455 §4.1) and the
/// `Sec-WebSocket-Accept` a server that read it answers with.
struct HandshakeKey: Sendable, Equatable {
    /// The GUID RFC 6455 appends to the key before hashing it.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The base64 of 16 random bytes, as sent.
    let value: String

    /// A fresh key from the system's random source.
    init() {
        var generator = SystemRandomNumberGenerator()
        value = Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }

    /// A given key (for tests and RFC 6455's example).
    init(value: String) {
        self.value = value
    }

    /// What the server must answer in `Sec-WebSocket-Accept`.
    var expectedAccept: String {
        Data(SHA1.hash(Array((value + Self.guid).utf8))).base64EncodedString()
    }
}
