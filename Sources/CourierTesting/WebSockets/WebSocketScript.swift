import Courier

/// A scripted conversation for a stubbed WebSocket: what the server sends, what it expects the
/// client to send, when it waits, and how it closes, played in memory by ``Stubs``.
///
/// ```swift
/// stubs.on(.room("swift"), .webSocket([
///     .send(.text(#"{"kind":"welcome"}"#)),
///     .expect(.text("hello")),
///     .wait(.seconds(1)),                  // with Stubs(delays: .manual(clock)), no real time passes
///     .send(.text(#"{"kind":"message","text":"hi"}"#)),
///     .expectClose,
/// ]))
/// ```
///
/// The socket runs through the provider's plugins like a real one. When the client sends something
/// other than what a step expects, the server closes with ``WebSocketCloseCode/policyViolation``
/// (1008) and a reason that says what it expected: the test sees it in `closeCode` and
/// `closeReason`. When the steps run out, the server stays open and silent, and answers the
/// client's close.
public struct WebSocketScript: Sendable {
    /// One step of a conversation.
    public enum Step: Sendable {
        /// The server sends this message.
        case send(WebSocketMessage)
        /// The server waits for the client's next message, which must be this one.
        case expect(WebSocketMessage)
        /// The server waits for the client's next message, whatever it is.
        case expectAnyMessage
        /// The server waits this long.
        case wait(Duration)
        /// The server closes with this code and reason.
        case close(WebSocketCloseCode, reason: String)
        /// The server waits for the client's close and answers it with the same code.
        case expectClose
        /// The server sends back every message the client sends, until the client closes.
        case echo
        /// The connection drops without a closing handshake: the client's reader fails with
        /// ``WebSocketError/connectionLost(_:)``.
        case dropConnection
    }

    /// The handshake's status: `101` opens the socket, any other refuses it.
    public var statusCode: Int
    /// The handshake response's headers.
    public var headers: [String: String]
    /// The body of a refused handshake.
    public var body: Data
    /// The subprotocol the server chooses; `nil` for none.
    public var subprotocol: String?
    /// The steps, in order.
    public var steps: [Step]

    /// A conversation that opens the socket and plays `steps`.
    /// - Parameters:
    ///   - subprotocol: The subprotocol chosen. `nil` by default.
    ///   - steps: The steps.
    public init(subprotocol: String? = nil, _ steps: [Step]) {
        statusCode = 101
        headers = [:]
        body = Data()
        self.subprotocol = subprotocol
        self.steps = steps
    }

    /// A server that sends back everything it gets.
    public static let echo = WebSocketScript([.echo])

    /// A server that sends `messages`, `interval` apart, then stays open.
    /// - Parameters:
    ///   - messages: The messages.
    ///   - interval: The wait between two messages. None by default.
    public static func messages(_ messages: [WebSocketMessage], every interval: Duration = .zero) -> WebSocketScript {
        var steps: [Step] = []
        for (index, message) in messages.enumerated() {
            if index > 0, interval > .zero { steps.append(.wait(interval)) }
            steps.append(.send(message))
        }
        return WebSocketScript(steps)
    }

    /// A handshake the server refuses with `statusCode`, `body` and `headers`.
    public static func refused(_ statusCode: Int, body: Data = Data(), headers: [String: String] = [:])
        -> WebSocketScript
    {
        var script = WebSocketScript([])
        script.statusCode = statusCode
        script.body = body
        script.headers = headers
        return script
    }

    /// This conversation, then the steps of `next`.
    public func then(_ next: WebSocketScript) -> WebSocketScript {
        var script = self
        script.steps += next.steps
        return script
    }

    /// The stubbed socket that plays this conversation, its waits passing on `clock`.
    /// - Parameter clock: The clock. `ContinuousClock()` by default; a ``ManualClock`` moves by hand.
    public func stubbedWebSocket(on clock: some Clock<Duration> = ContinuousClock()) -> StubbedWebSocket {
        guard statusCode == 101 else { return .refused(statusCode, headers: headers, body: body) }
        let steps = steps
        return StubbedWebSocket(subprotocol: subprotocol, headers: headers) { peer in
            await WebSocketScriptPlayer.play(steps, on: peer, clock: clock)
        }
    }
}
