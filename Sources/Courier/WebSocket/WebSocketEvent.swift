/// What a ``WebSocketPluginType`` hears of an open socket.
public enum WebSocketEvent: Sendable, Equatable {
    /// The caller sent this message (the connection took it).
    case sent(WebSocketMessage)
    /// The reader took this message.
    case received(WebSocketMessage)
    /// The socket closed: the code and reason ``WebSocket/closeCode`` and ``WebSocket/closeReason``
    /// report, and the error its messages ended with, if it failed.
    case closed(WebSocketCloseCode, reason: String, error: WebSocketError?)
}
