import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which header and query-parameter values are secrets, hidden as `<redacted>` wherever Courier
/// prints a request: error descriptions, cURL lines, the logger and recorded fixtures.
///
/// Names are matched case-insensitively.
public struct Redaction: Sendable, Hashable {
    /// What a hidden value is replaced with.
    public static let placeholder = "<redacted>"

    /// Header names whose values are hidden, lowercased.
    public var headerNames: Set<String>
    /// Query-parameter names whose values are hidden, lowercased.
    public var queryParameterNames: Set<String>

    /// The defaults, a judgement about what carries credentials in practice:
    /// - headers: `Authorization`, `Proxy-Authorization` (RFC 9110 credentials), `Cookie`,
    ///   `Set-Cookie` (session state), `X-API-Key` and `X-Auth-Token` (the two most common
    ///   API-key headers);
    /// - query parameters: `access_token` (RFC 6750 §2.3), `api_key`, `apikey`, `client_secret`,
    ///   `password`, `token` and `signature` (pre-signed URLs).
    public static let `default` = Redaction(
        headerNames: ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token"],
        queryParameterNames: ["access_token", "api_key", "apikey", "client_secret", "password", "token", "signature"]
    )

    /// Hides nothing. Only for debugging on your own machine.
    public static let none = Redaction(headerNames: [], queryParameterNames: [])

    /// Creates a redaction policy.
    /// - Parameters:
    ///   - headerNames: Header names to hide, in any case.
    ///   - queryParameterNames: Query-parameter names to hide, in any case.
    public init(headerNames: Set<String>, queryParameterNames: Set<String>) {
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        self.queryParameterNames = Set(queryParameterNames.map { $0.lowercased() })
    }

    /// This policy with more names hidden.
    /// - Parameters:
    ///   - headers: More header names to hide. Empty by default.
    ///   - queryParameters: More query-parameter names to hide. Empty by default.
    public func adding(headers: Set<String> = [], queryParameters: Set<String> = []) -> Redaction {
        Redaction(
            headerNames: headerNames.union(headers.map { $0.lowercased() }),
            queryParameterNames: queryParameterNames.union(queryParameters.map { $0.lowercased() }))
    }

    /// Whether the value of header `name` is hidden.
    public func hidesHeader(_ name: String) -> Bool {
        headerNames.contains(name.lowercased())
    }

    /// `value`, or the placeholder when header `name` is hidden.
    public func headerValue(_ value: String, forName name: String) -> String {
        hidesHeader(name) ? Self.placeholder : value
    }

    /// `headers` with hidden values replaced by the placeholder.
    public func headers(_ headers: [String: String]) -> [String: String] {
        var result = headers
        for name in headers.keys where hidesHeader(name) {
            result[name] = Self.placeholder
        }
        return result
    }

    /// The URL's text with hidden query values replaced by the placeholder and any user
    /// password removed. The rest of the URL is kept byte for byte.
    public func url(_ url: URL) -> String {
        let text = url.absoluteString
        // Loggers call this for every request: most URLs have nothing to hide, so they skip the
        // cost of `URLComponents`.
        guard (url.query != nil && !queryParameterNames.isEmpty) || url.password != nil,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return text }
        if components.percentEncodedPassword != nil {
            components.percentEncodedPassword = Self.placeholder.replacingOccurrences(of: "<", with: "%3C")
                .replacingOccurrences(of: ">", with: "%3E")
        }
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = redactedQuery(query)
        }
        return components.string ?? text
    }

    /// An escaped query string with hidden values replaced; keys and order are kept.
    func redactedQuery(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals].removingPercentEncoding ?? String(pair[..<equals])
            let bareName = name.split(separator: "[", maxSplits: 1).first.map(String.init) ?? name
            guard queryParameterNames.contains(bareName.lowercased()) else { return String(pair) }
            return pair[..<equals] + "=%3Credacted%3E"
        }.joined(separator: "&")
    }
}
