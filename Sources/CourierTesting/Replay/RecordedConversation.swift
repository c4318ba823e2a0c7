import Courier

/// What went over a WebSocket while it was recorded: every message both ways, in the order they
/// were sent and read, and how the socket ended. Stored in the recording next to the handshake's
/// response; replay plays it as a ``WebSocketScript``.
struct RecordedConversation: Codable, Sendable, Equatable {
    /// One message or the end.
    struct Event: Codable, Sendable, Equatable {
        enum Direction: String, Codable, Sendable {
            /// The client sent it.
            case sent
            /// The server sent it, and the client read it.
            case received
        }

        var direction: Direction
        /// A text message's text.
        var text: String?
        /// A binary message's bytes, in base64.
        var binary: String?

        init(_ direction: Direction, _ message: WebSocketMessage) {
            self.direction = direction
            switch message {
            case .text(let text): self.text = text
            case .binary(let data): binary = data.base64EncodedString()
            }
        }

        /// The message; `nil` for an event that holds none.
        var message: WebSocketMessage? {
            if let text { return .text(text) }
            return binary.flatMap { Data(base64Encoded: $0) }.map(WebSocketMessage.binary)
        }
    }

    /// How the recorded socket ended.
    enum End: String, Codable, Sendable {
        /// The server started the closing handshake.
        case closedByServer
        /// The client started it.
        case closedByClient
        /// The connection failed or dropped: replay drops it too.
        case dropped
    }

    var events: [Event] = []
    var end: End = .closedByClient
    /// The code of the closing handshake (the server's).
    var closeCode: UInt16?
    /// The server's reason.
    var closeReason: String?

    /// The conversation as a script: the server sends what the client read, expects what the client
    /// sent, in the recorded order, and ends as the recording did.
    func script(subprotocol: String?) -> WebSocketScript {
        var steps: [WebSocketScript.Step] = []
        for event in events {
            guard let message = event.message else { continue }
            steps.append(event.direction == .received ? .send(message) : .expect(message))
        }
        switch end {
        case .closedByServer:
            let code = closeCode.map(WebSocketCloseCode.init(rawValue:)) ?? .normalClosure
            steps.append(.close(code, reason: closeReason ?? ""))
        case .closedByClient:
            steps.append(.expectClose)
        case .dropped:
            steps.append(.dropConnection)
        }
        return WebSocketScript(subprotocol: subprotocol, steps)
    }
}
