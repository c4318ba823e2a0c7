import Foundation

/// Entry points for fuzzing harnesses (libFuzzer's `LLVMFuzzerTestOneInput`): each takes any bytes
/// and must neither crash nor hang on them. They drive the code a server's bytes reach first: the
/// frame reader (with permessage-deflate agreed, where zlib loads), the UTF-8 check, the answer to
/// the opening handshake.
package enum WebSocketFuzzing {
    /// The largest message the fuzzed reader accepts: 64 KiB, so that bombs are cut short quickly.
    package static let maximumMessageSize = 64 * 1024

    /// Reads `bytes` as frames a server sent, in pieces whose size the first byte picks (1 to 16
    /// bytes, or the rest whole), once without an extension and once with permessage-deflate;
    /// returns how many events the two reads found.
    @discardableResult
    package static func readFrames(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let first = bytes.first else { return 0 }
        let piece = first < 16 ? Int(first) + 1 : bytes.count
        let frames = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
        var found = 0
        var plain = FrameReader(maximumMessageSize: maximumMessageSize)
        found += read(frames, with: &plain, piece: piece)
        #if os(Linux)
            if let compression = SocketCompression(PerMessageDeflate()) {
                var compressed = FrameReader(maximumMessageSize: maximumMessageSize, inflater: compression.inflater)
                found += read(frames, with: &compressed, piece: piece)
            }
        #endif
        return found
    }

    /// Checks `bytes` as UTF-8 in two pieces, cut where the first byte says; `true` when they are
    /// valid (the standard library's decoder agrees, which a harness may assert).
    package static func validateUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first else { return true }
        let text = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
        let cut = text.isEmpty ? 0 : Int(first) % (text.count + 1)
        var validator = UTF8Validator()
        guard validator.validate(UnsafeRawBufferPointer(rebasing: text[..<cut])),
            validator.validate(UnsafeRawBufferPointer(rebasing: text[cut...]))
        else { return false }
        return validator.isComplete
    }

    /// Reads `bytes` as a server's answer to the opening handshake and checks it against a fixed
    /// key, offering a subprotocol and compression; returns whether it completes the handshake.
    package static func readHandshakeAnswer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard case .head(let head, _) = ResponseHead.parse(Array(bytes)), head.statusCode == 101,
            let url = URL(string: "ws://fuzz.example/")
        else { return false }
        var request = URLRequest(url: url)
        request.setValue("chat.v2", forHTTPHeaderField: "Sec-WebSocket-Protocol")
        guard
            let handshake = try? OpeningHandshake(
                request: request, sessionHeaders: [:], offersCompression: true,
                key: HandshakeKey(value: "dGhlIHNhbXBsZSBub25jZQ=="))
        else { return false }
        return (try? handshake.check(head.fieldsByName)) != nil
    }

    private static func read(_ bytes: UnsafeRawBufferPointer, with reader: inout FrameReader, piece: Int) -> Int {
        var found = 0
        var start = 0
        while start < bytes.count, !reader.isFinished {
            let end = min(bytes.count, start + piece)
            reader.read(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { _ in found += 1 }
            start = end
        }
        return found
    }
}
