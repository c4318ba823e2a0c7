/// The server's end of a stubbed WebSocket: what a ``StubbedWebSocket``'s script uses to hear the
/// client and answer it, in memory, with no network.
///
/// ```swift
/// StubbedWebSocket { peer in
///     guard case .message(.text(let hello))? = await peer.receive() else { return }
///     await peer.send(.text("echo: \(hello)"))
///     await peer.close(code: .normalClosure, reason: "done")
/// }
/// ```
///
/// Its methods may be called from any task. When the script returns without closing, the socket
/// stays open (a silent server) and a close from the client is answered at once.
public final class WebSocketPeer: Sendable {
    /// What the client did.
    public enum Event: Sendable, Equatable {
        /// The client sent this message.
        case message(WebSocketMessage)
        /// The client sent a close frame: its code (`nil` for none) and reason. The client waits for
        /// the server's: call ``close(code:reason:)``, or return from the script.
        case close(WebSocketCloseCode?, reason: String)
    }

    let channel: MemoryChannel

    init(channel: MemoryChannel) {
        self.channel = channel
    }

    /// The client's next message or close; `nil` once the socket is closed and every event was
    /// taken. Waits until there is one, or the task is cancelled (then `nil`).
    public func receive() async -> Event? {
        await channel.peerReceive()
    }

    /// Sends `message` to the client. Waits while the client's reader is behind (its receive buffer
    /// full), as a real socket does; does nothing once the socket is closed.
    public func send(_ message: WebSocketMessage) async {
        await channel.peerSend(message)
    }

    /// Closes the socket with `code` and `reason`: answers the client's close, or starts the closing
    /// handshake, which the client answers at once (``receive()`` then gives its close).
    /// - Parameters:
    ///   - code: The code. ``WebSocketCloseCode/normalClosure`` by default.
    ///   - reason: The reason. Empty by default.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        channel.peerClose(code: code, reason: reason)
    }

    /// Ends the connection without a closing handshake, as a server that crashes or a network that
    /// drops does: the client's messages fail with ``WebSocketError/connectionLost(_:)``, after the
    /// messages it has not read yet.
    public func dropConnection() {
        channel.end(.failed(.connectionLost("the stubbed server dropped the connection")))
    }

    /// Ends the connection as when the server breaks the protocol: the client's messages fail with
    /// `error` (a ``WebSocketError/protocolViolation(_:)``, say), and ``WebSocket/closeCode`` is the
    /// code Courier would have closed with.
    public func fail(with error: WebSocketError) {
        channel.end(.failed(error))
    }
}
