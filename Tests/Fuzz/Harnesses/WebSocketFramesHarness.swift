import Foundation

@testable import Courier

/// What a WebSocket server's bytes reach first: the frame reader (plain, and with permessage-deflate
/// agreed), cut into pieces the first byte picks; the UTF-8 check of text messages, across a cut;
/// and the answer to the opening handshake.
///
/// Checked: nothing crashes, hangs or grows past the reader's 64 KiB message limit (inflation
/// bombs included); the UTF-8 check agrees with the standard library's `UTF8` decoder, however the
/// bytes are cut.
enum WebSocketFramesHarness: FuzzHarness {
    static let name = "websocket-frames"

    static func run(_ input: FuzzInput) {
        WebSocketFuzzing.readFrames(input.bytes)
        _ = WebSocketFuzzing.readHandshakeAnswer(input.bytes)
        guard input.bytes.count > 1 else { return }
        let text = UnsafeRawBufferPointer(rebasing: input.bytes.dropFirst())
        let decodes = String(utf8Validating: text) != nil
        precondition(WebSocketFuzzing.validateUTF8(input.bytes) == decodes, "UTF-8 check of \(Array(text))")
    }
}
