import Foundation

/// One message of a WebSocket: text or binary, whole however many frames carried it.
///
/// ```swift
/// for try await message in socket.messages {
///     switch message {
///     case .text(let text): print(text)
///     case .binary(let data): print(data.count, "bytes")
///     }
/// }
/// ```
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message: valid UTF-8 on the wire (a server that sends anything else is refused with
    /// close code 1007).
    case text(String)
    /// A binary message.
    case binary(Data)

    /// The message's payload: the UTF-8 of a text message, the bytes of a binary one.
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }

    /// The text of a text message; `nil` for a binary one.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

extension WebSocketMessage: CustomStringConvertible {
    /// `text(12 bytes)` or `binary(4096 bytes)`: the kind and the size, never the content, which may
    /// hold secrets (the logger shows content only when asked, redacted).
    public var description: String {
        switch self {
        case .text(let text): "text(\(text.utf8.count) bytes)"
        case .binary(let data): "binary(\(data.count) bytes)"
        }
    }
}
