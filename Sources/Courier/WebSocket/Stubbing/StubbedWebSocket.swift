import Foundation

/// How a stubbed WebSocket answers: the handshake's status and headers, and the script its server
/// runs, in memory. A ``WebSocketStubbing`` plugin (such as `CourierTesting`'s `Stubs` with a
/// scripted conversation) returns one.
///
/// ```swift
/// StubbedWebSocket(subprotocol: "chat.v2") { peer in
///     await peer.send(.text(#"{"kind":"welcome"}"#))
///     while case .message(let message)? = await peer.receive() { await peer.send(message) }   // an echo
/// }
/// ```
public struct StubbedWebSocket: Sendable {
    /// The handshake's status: `101` opens the socket; any other fails the handshake with
    /// ``CourierError/statusCode(_:)``, whose response has ``body``.
    public var statusCode: Int
    /// The handshake response's headers.
    public var headers: [String: String]
    /// The body of a refused handshake (a status other than `101`).
    public var body: Data
    /// The subprotocol the server "chose"; `nil` for none.
    public var subprotocol: String?
    /// The server's side: runs in a task of its own once the socket opens.
    public var script: @Sendable (WebSocketPeer) async -> Void

    /// A socket that opens and runs `script`.
    /// - Parameters:
    ///   - subprotocol: The subprotocol chosen. `nil` by default.
    ///   - headers: The `101`'s headers. None by default.
    ///   - script: The server's side.
    public init(
        subprotocol: String? = nil, headers: [String: String] = [:],
        script: @escaping @Sendable (WebSocketPeer) async -> Void
    ) {
        statusCode = 101
        self.headers = headers
        body = Data()
        self.subprotocol = subprotocol
        self.script = script
    }

    /// A handshake the server refuses with `statusCode` and `body`.
    /// - Parameters:
    ///   - statusCode: The status, e.g. `401`.
    ///   - headers: The headers. None by default.
    ///   - body: The body. Empty by default.
    public static func refused(_ statusCode: Int, headers: [String: String] = [:], body: Data = Data())
        -> StubbedWebSocket
    {
        var stub = StubbedWebSocket(headers: headers) { _ in }
        stub.statusCode = statusCode
        stub.body = body
        return stub
    }
}

/// A plugin that answers stubbed WebSockets with a server of its own, such as `CourierTesting`'s
/// `Stubs` with a scripted conversation.
///
/// When ``Provider/webSocket(_:isolation:)`` stubs an attempt (its `stubClosure` says `.immediate`
/// or `.delayed`), it asks each such plugin in turn, after the stub's delay; the first answer wins.
/// When none answers, the endpoint's sample response answers: a `101` or a `2xx` opens a socket whose
/// server sends the sample data as one message (text when it is UTF-8, none when it is empty) and
/// then stays open; another status refuses the handshake with it.
public protocol WebSocketStubbing: PluginType {
    /// The stubbed socket that answers this attempt of `target`, or `nil` to leave it to the next
    /// plugin or to the endpoint's sample. ``RequestContext/current`` names the attempt.
    /// - Parameters:
    ///   - target: The target.
    ///   - request: The handshake request, as every plugin left it.
    func stubbedWebSocket(for target: any TargetType, request: URLRequest) -> StubbedWebSocket?
}
