import Foundation

/// How both transports follow a redirect: as URLSession does, except that a custom `Host` is never
/// carried to the next request, and headers holding credentials are not carried to another origin.
enum RedirectRule {
    /// Headers that hold credentials or session state (RFC 9110 §15.4: a client should not
    /// forward them to an origin the user did not choose). Besides these, a header whose name
    /// holds a secret by the rule of ``Redaction/default`` (`X-API-Key`, `X-Auth-Token`,
    /// `Api-Key`, …: the names the logger hides) is not carried either, nor one the request marks
    /// (``TransportRequest/originBoundHeaders``).
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// `request` without a `Host` header (it named the authority of the request that was
    /// redirected; the next one names its own), and without credential headers and the headers
    /// `originBound` names (``TransportRequest/originBoundHeaders``, in any case) when it goes to
    /// another origin than `source`.
    static func request(_ request: URLRequest, redirectedFrom source: URL?, originBound: Set<String> = [])
        -> URLRequest
    {
        var next = request
        next.setValue(nil, forHTTPHeaderField: "Host")
        guard let source, let destination = request.url, !sameOrigin(source, destination) else { return next }
        for name in credentialHeaders {
            next.setValue(nil, forHTTPHeaderField: name)
        }
        for name in (next.allHTTPHeaderFields ?? [:]).keys where isOriginBound(name, marked: originBound) {
            next.setValue(nil, forHTTPHeaderField: name)
        }
        return next
    }

    /// Whether header `name` stays with its origin: its name holds a secret (the logger's rule), or
    /// the request marks it (in any case).
    static func isOriginBound(_ name: String, marked: Set<String>) -> Bool {
        Redaction.default.hidesHeader(name)
            || (!marked.isEmpty && marked.contains { $0.caseInsensitiveCompare(name) == .orderedSame })
    }

    /// Whether the `Location` of `redirect` names an HTTP(S) URL (relative ones resolved against the
    /// redirect's URL), or names nothing URL can read, which the session refuses on its own. A
    /// redirect to another scheme (`file:`, `data:`, `ftp:`) is not followed by either transport.
    static func leadsToHTTP(_ redirect: HTTPURLResponse) -> Bool {
        guard let location = redirect.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: redirect.url)?.absoluteURL
        else { return true }
        return TransportURL.isHTTP(target)
    }

    /// Same scheme, host and port (RFC 6454 §4), with default ports filled in.
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
