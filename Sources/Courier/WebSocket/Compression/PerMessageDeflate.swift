/// The permessage-deflate extension (RFC 7692) as the client offers it and the server accepts it.
struct PerMessageDeflate: Equatable, Sendable {
    /// The server starts every message with an empty window.
    var serverNoContextTakeover = false
    /// The client must start every message with an empty window.
    var clientNoContextTakeover = false
    /// The server's window: 2^bits bytes (8 to 15).
    var serverMaxWindowBits = 15
    /// The window the client may use: 2^bits bytes (8 to 15).
    var clientMaxWindowBits = 15

    /// The offer Courier sends in `Sec-WebSocket-Extensions`: the extension with every window the
    /// server likes for the client's messages. Nothing in it binds the server.
    static let offer = "permessage-deflate; client_max_window_bits"

    /// The parameters of the server's answer to ``offer``, or `nil` when it accepted no extension.
    /// - Parameter header: The `Sec-WebSocket-Extensions` values of the answer, joined with commas.
    /// - Throws: ``WebSocketError/handshakeRefused(_:)`` for an extension that was not offered, or
    ///   a parameter that is unknown, repeated or out of range (RFC 7692 §5 and §7.1).
    static func accepted(in header: String?) throws(WebSocketError) -> PerMessageDeflate? {
        guard let header, !header.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "," }) else { return nil }
        let extensions = header.split(separator: ",", omittingEmptySubsequences: true).filter {
            !$0.allSatisfy { $0 == " " || $0 == "\t" }
        }
        guard extensions.count == 1 else {
            throw .handshakeRefused("Sec-WebSocket-Extensions names more than the one extension offered: \(header)")
        }
        var parts = extensions[0].split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
        guard parts.removeFirst().lowercased() == "permessage-deflate" else {
            throw .handshakeRefused("Sec-WebSocket-Extensions names an extension that was not offered: \(header)")
        }
        var accepted = PerMessageDeflate()
        var seen: Set<String> = []
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map(trimmed)
            let name = pair.first?.lowercased() ?? ""
            guard seen.insert(name).inserted else {
                throw .handshakeRefused("permessage-deflate repeats its parameter \(name)")
            }
            let value = pair.count == 2 ? unquoted(pair[1]) : nil
            switch name {
            case "server_no_context_takeover" where value == nil:
                accepted.serverNoContextTakeover = true
            case "client_no_context_takeover" where value == nil:
                accepted.clientNoContextTakeover = true
            case "server_max_window_bits":
                accepted.serverMaxWindowBits = try windowBits(value, name)
            case "client_max_window_bits":
                accepted.clientMaxWindowBits = try windowBits(value, name)
            default:
                throw .handshakeRefused("permessage-deflate has a parameter that was not offered: \(part)")
            }
        }
        return accepted
    }

    private static func windowBits(_ value: String?, _ name: String) throws(WebSocketError) -> Int {
        guard let value, value.count <= 2, value.allSatisfy(\.isASCII), let bits = Int(value), (8...15).contains(bits)
        else { throw .handshakeRefused("permessage-deflate's \(name) is not a window size from 8 to 15") }
        return bits
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return String(text.dropFirst().dropLast())
    }
}
