import Foundation

/// A host and port, compared the way a server picks a virtual host: the host in any case, the
/// port explicit or the scheme's default.
struct HostAuthority: Equatable {
    let host: String
    let port: Int?

    /// `example.com:8080`, `[::1]`: how the authority is written in a `Host` header.
    let text: String

    /// The URL's authority; `nil` for a URL without a host.
    init?(url: URL) {
        guard let host = url.host, !host.isEmpty else { return nil }
        let bare = Self.unbracketed(host)
        self.host = bare.lowercased()
        self.port = url.port ?? Self.defaultPort(url.scheme)
        let written = bare.contains(":") ? "[\(bare)]" : bare
        self.text = url.port.map { "\(written):\($0)" } ?? written
    }

    /// The authority a `Host` header names, for a request with `scheme`. A header that is not
    /// `host[:port]` gets a port no URL has, so it never equals one.
    init(hostHeader value: String, scheme: String?) {
        let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        var host = trimmed[...]
        var portText: Substring?
        if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let rest = trimmed[trimmed.index(after: close)...]
            if !rest.isEmpty { portText = rest.first == ":" ? rest.dropFirst() : "invalid" }
        } else if let colon = trimmed.firstIndex(of: ":") {
            // Only one colon outside brackets: an IPv6 address must be bracketed (RFC 3986 §3.2.2).
            host = trimmed[..<colon]
            portText = trimmed[trimmed.index(after: colon)...]
        }
        self.host = host.lowercased()
        if let portText {
            let isNumber =
                !portText.isEmpty && portText.count <= 5 && portText.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            self.port = isNumber ? Int(portText) : Self.unmatchedPort
        } else {
            self.port = Self.defaultPort(scheme)
        }
        self.text = trimmed
    }

    /// The port of a `Host` header whose port is not a number: no URL has it.
    private static let unmatchedPort = -1

    static func == (lhs: HostAuthority, rhs: HostAuthority) -> Bool {
        lhs.host == rhs.host && lhs.port == rhs.port
    }

    private static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func defaultPort(_ scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }
}
