import Foundation

/// What inflating a compressed message's bytes came to.
enum InflateOutcome: Equatable, Sendable {
    /// The bytes inflated; more may follow.
    case inflated
    /// The message grew past its limit: inflating stopped there, and nothing more was made.
    case tooBig
    /// The bytes are not valid deflate data.
    case invalid
}

/// Inflates the messages of a permessage-deflate socket (RFC 7692 §7.2.2), one after another. Used
/// by one reader at a time.
protocol MessageInflating: AnyObject {
    /// Inflates `input`, part of a message's compressed payload, appending to `output` and stopping
    /// as soon as `output` would pass `limit` bytes: a decompression bomb is refused while it
    /// inflates, never held whole.
    func inflate(_ input: UnsafeRawBufferPointer, into output: MessageBuffer, limit: Int) -> InflateOutcome
    /// Ends the message: inflates the `00 00 FF FF` its sender removed, and starts afresh for the
    /// next message when the server keeps no context.
    func endMessage(into output: MessageBuffer, limit: Int) -> InflateOutcome
}

/// Compresses the messages a permessage-deflate socket sends, one after another. Used by one
/// sender at a time.
protocol MessageDeflating: AnyObject {
    /// The compressed payload of a message of `payload`, its trailing `00 00 FF FF` removed
    /// (RFC 7692 §7.2.1); `nil` when compressing failed, and the message is then sent uncompressed.
    func deflate(_ payload: Data) -> Data?
}
