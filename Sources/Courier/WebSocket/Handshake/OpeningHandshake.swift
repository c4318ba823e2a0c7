import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client's opening handshake (RFC 6455 §4.1): the `GET` that asks for the upgrade, and the check
/// of the server's answer.
struct OpeningHandshake: Sendable {
    /// Headers the handshake sets itself, which a request's own values of the same name never replace.
    private static let ownHeaders: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions",
        "content-length", "transfer-encoding", "accept-encoding",
    ]

    /// The URL asked for, as the target gave it (`ws`, `wss`, `http` or `https`).
    let url: URL
    /// Whether the connection uses TLS (`wss` or `https`).
    let isSecure: Bool
    /// The host, as a URL writes it (brackets around an IPv6 address), and the port.
    let host: String
    let port: Int
    let key: HandshakeKey
    /// The subprotocols offered, from the request's `Sec-WebSocket-Protocol`.
    let offeredProtocols: [String]
    /// Whether permessage-deflate is offered.
    let offersCompression: Bool
    /// The request's head, as sent.
    let head: Data

    /// The handshake for `request`, with the transport's `sessionHeaders` where the request has
    /// none of the name.
    /// - Throws: `URLError(.unsupportedURL)` for a scheme other than `ws`, `wss`, `http` and `https`,
    ///   `URLError(.badURL)` for a URL without a host.
    init(
        request: URLRequest, sessionHeaders: [String: String], offersCompression: Bool,
        key: HandshakeKey = HandshakeKey()
    ) throws(URLError) {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = url.scheme?.lowercased()
        else { throw URLError(.badURL) }
        guard ["ws", "wss", "http", "https"].contains(scheme) else {
            throw URLError(.unsupportedURL, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        guard let rawHost = components.host, !rawHost.isEmpty else {
            throw URLError(.badURL, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        self.url = url
        isSecure = scheme == "wss" || scheme == "https"
        host = rawHost.contains(":") && !rawHost.hasPrefix("[") ? "[\(rawHost)]" : rawHost
        let defaultPort = isSecure ? 443 : 80
        port = components.port ?? defaultPort
        self.key = key
        self.offersCompression = offersCompression
        let own = request.allHTTPHeaderFields ?? [:]
        offeredProtocols =
            own.first { $0.key.caseInsensitiveCompare("Sec-WebSocket-Protocol") == .orderedSame }
            .map { Self.tokens($0.value) } ?? []

        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        var lines = ["GET \(target) HTTP/1.1", "Host: " + (port == defaultPort ? host : "\(host):\(port)")]
        lines += [
            "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: \(key.value)", "Sec-WebSocket-Version: 13",
        ]
        if offersCompression { lines.append("Sec-WebSocket-Extensions: \(PerMessageDeflate.offer)") }
        for (name, value) in own.sorted(by: { $0.key < $1.key }) where !Self.ownHeaders.contains(name.lowercased()) {
            lines.append("\(name): \(value)")
        }
        for (name, value) in sessionHeaders.sorted(by: { $0.key < $1.key })
        where !Self.ownHeaders.contains(name.lowercased())
            && !own.keys.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame })
        {
            lines.append("\(name): \(value)")
        }
        head = Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// What the server agreed to.
    struct Agreement: Sendable, Equatable {
        /// The subprotocol it chose, if any.
        var subprotocol: String?
        /// permessage-deflate's parameters, when it accepted compression.
        var compression: PerMessageDeflate?
    }

    /// Checks a `101` answer's headers (RFC 6455 §4.1, the client's checks 2 to 6).
    /// - Parameter fields: The answer's header fields; names in any case.
    /// - Throws: ``WebSocketError/handshakeRefused(_:)`` naming the first header that is wrong.
    func check(_ fields: [String: String]) throws(WebSocketError) -> Agreement {
        func field(_ name: String) -> String? {
            fields.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        guard let upgrade = field("Upgrade"), upgrade.trimmingCharacters(in: .whitespaces).lowercased() == "websocket"
        else { throw .handshakeRefused("its Upgrade header is not websocket") }
        guard let connection = field("Connection"),
            Self.tokens(connection).contains(where: { $0.lowercased() == "upgrade" })
        else { throw .handshakeRefused("its Connection header does not name Upgrade") }
        guard field("Sec-WebSocket-Accept")?.trimmingCharacters(in: .whitespaces) == key.expectedAccept else {
            throw .handshakeRefused("its Sec-WebSocket-Accept is not the one the key asks for")
        }
        var agreement = Agreement()
        if let chosen = field("Sec-WebSocket-Protocol")?.trimmingCharacters(in: .whitespaces), !chosen.isEmpty {
            guard offeredProtocols.contains(chosen) else {
                throw .handshakeRefused("it chose the subprotocol \"\(chosen)\", which was not offered")
            }
            agreement.subprotocol = chosen
        }
        let extensions = field("Sec-WebSocket-Extensions")
        if offersCompression {
            agreement.compression = try PerMessageDeflate.accepted(in: extensions)
        } else if let extensions, !extensions.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .handshakeRefused("it names an extension though none was offered: \(extensions)")
        }
        return agreement
    }

    /// The comma-separated tokens of a header value, trimmed, without empty ones.
    static func tokens(_ value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
