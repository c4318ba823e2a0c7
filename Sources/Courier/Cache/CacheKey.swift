import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a stored response is filed under (RFC 9111 §2, §4.1): the method and the URL without its
/// fragment (scheme and host lowercased), then the values of the request fields its `Vary` names,
/// and, because one app may sign in as different users, a fingerprint of the request's credentials.
struct CacheKey: Hashable, Sendable {
    /// The request fields whose values make a request's answers personal.
    static let credentialFields = ["authorization", "proxy-authorization", "cookie"]

    /// `GET https://host/path?query`.
    let primary: String
    /// The request's URL, as it was sent.
    let url: URL

    /// The key of `request`, or `nil` when the cache never stores answers to it: methods other than
    /// `GET` (RFC 9111 allows more; no common API caches them), a `GET` with a body (the key does not
    /// cover the body, so two such requests would share one answer), and URLs that are not http(s).
    init?(_ request: URLRequest) {
        guard let url = request.url, (request.httpMethod ?? "GET").uppercased() == "GET", request.httpBody == nil,
            request.httpBodyStream == nil
        else { return nil }
        self.init(getting: url)
    }

    /// The key of the stored `GET` answers that may answer `request`: a `GET`'s, as for
    /// ``init(_:)``, or a `HEAD`'s without a body, which a stored `GET` answers with its fields and
    /// no body (RFC 9110 §9.3.2, RFC 9111 §4). Nothing is ever stored under a `HEAD`.
    init?(answering request: URLRequest) {
        guard let url = request.url, request.httpBody == nil, request.httpBodyStream == nil else { return nil }
        let method = (request.httpMethod ?? "GET").uppercased()
        guard method == "GET" || method == "HEAD" else { return nil }
        self.init(getting: url)
    }

    /// The key of a `GET` of `url`; `nil` unless `url` is http(s) with a host. The URL's user info
    /// is left out of the key and of ``url`` (both are written to disk): a request that carries one
    /// is told apart by ``credentialFingerprint(of:)``, as one with an `Authorization` is.
    init?(getting url: URL) {
        let text = url.absoluteString
        if Self.isNormalized(text) {
            self.url = url
            primary = "GET " + text
            return
        }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        components.user = nil
        components.password = nil
        guard let withoutUserInfo = components.url else { return nil }
        // Spelled from the escaped parts: Foundation writes a host back decoded, and a `%25` in it
        // would then be read as an escape the next time (`%2525` becoming `%25`).
        var normalized = scheme + "://" + host.lowercased()
        if let port = components.port { normalized += ":\(port)" }
        normalized += components.percentEncodedPath
        if let query = components.percentEncodedQuery { normalized += "?" + query }
        self.url = withoutUserInfo
        primary = "GET " + normalized
    }

    /// Whether `text` is already as the key spells it: `http://` or `https://`, a host in lowercase,
    /// no user info (an `@` in the authority), no fragment. Most URLs are, and checking is much cheaper than rebuilding them.
    private static func isNormalized(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let schemeLength: Int
            if bytes.starts(with: "https://".utf8) {
                schemeLength = 8
            } else if bytes.starts(with: "http://".utf8) {
                schemeLength = 7
            } else {
                return false
            }
            var index = schemeLength
            // The authority: lowercase letters, digits, dots, hyphens and a port, not starting with ':'.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") { break }
                let simple =
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
                guard simple else { return false }  // '#' included: a fragment is never kept
                index += 1
            }
            guard index > schemeLength, bytes[schemeLength] != UInt8(ascii: ":") else { return false }
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") { return false }
                index += 1
            }
            return true
        }
    }

    /// A hash of ``primary``, the first half of an entry's file name.
    var primaryHash: UInt64 { FNV1a.hash(primary) }

    /// The lowercased names listed by `vary`; `["*"]` when it contains `*`.
    static func varyNames(_ vary: String?) -> [String] {
        guard let vary else { return [] }
        let names = vary.split(separator: ",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
        return names.contains("*") ? ["*"] : Array(Set(names)).sorted()
    }

    /// The values `request` has for `names`, as ``varyValue(named:in:)`` gives them.
    static func varyValues(of request: RequestFields, names: [String]) -> [VaryField] {
        names.map { VaryField(name: $0, value: varyValue(named: $0, in: request)) }
    }

    /// What an entry keeps of `request`'s value of the field `name` (lowercased) that `Vary` names:
    /// the value normalized (whitespace around commas and at the ends removed, so that `a,b` and
    /// `a, b` match, as RFC 9111 §4.1 allows), or, for a credential field, a hash of it, because
    /// the head is written to disk and the cache keeps the fingerprint, never the secret; `nil`
    /// for a field not sent.
    static func varyValue(named name: String, in request: RequestFields) -> String? {
        guard let value = varyValue(request[name]) else { return nil }
        guard credentialFields.contains(name) else { return value }
        return "fnv1a:" + String(FNV1a.hash("\(name):\(value)"), radix: 16)
    }

    /// A request's value of a field `Vary` names, normalized as ``varyValue(named:in:)`` says.
    static func varyValue(_ value: String?) -> String? {
        value.map { value in
            value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
                .joined(separator: ",")
        }
    }

    /// A 64-bit fingerprint of `request`'s credentials, `nil` when it has none: its credential fields
    /// and the user info of its URL (which the transports send as `Authorization: Basic`). The cache
    /// keeps the fingerprint, never the secret, and answers only requests with the same credentials.
    static func credentialFingerprint(of request: RequestFields) -> UInt64? {
        var hash = FNV1a.offsetBasis
        var found = false
        for name in credentialFields {
            guard let value = request[name] else { continue }
            found = true
            hash = FNV1a.hash("\(name):\(value)\n".utf8, continuing: hash)
        }
        if let userInfo = request.userInfo {
            found = true
            hash = FNV1a.hash("userinfo:\(userInfo)\n".utf8, continuing: hash)
        }
        return found ? hash : nil
    }
}

/// One request field named by a stored response's `Vary`, and the value the request had.
struct VaryField: Codable, Hashable, Sendable {
    /// The lowercased field name.
    let name: String
    /// The request's value, normalized; `nil` when the request did not send the field.
    let value: String?
}
