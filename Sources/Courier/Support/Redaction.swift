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
    /// - query parameters: `access_token` (RFC 6750 §2.3), `refresh_token` and `id_token` (OAuth and
    ///   OpenID Connect), `api_key`, `apikey`, `client_secret`, `password`, `token` and `signature`
    ///   (pre-signed URLs).
    public static let `default` = Redaction(
        headerNames: ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token"],
        queryParameterNames: [
            "access_token", "refresh_token", "id_token", "api_key", "apikey", "client_secret", "password", "token",
            "signature",
        ]
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
        if url.password == nil {
            return queryParameterNames.isEmpty ? text : Self.replacingQuery(of: text, with: redactedQuery)
        }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return text }
        if components.percentEncodedPassword != nil {
            components.percentEncodedPassword = Self.placeholder.replacingOccurrences(of: "<", with: "%3C")
                .replacingOccurrences(of: ">", with: "%3E")
        }
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = redactedQuery(query)
        }
        return components.string ?? text
    }

    /// `text` with its query (after the first `?` and before the fragment's `#`) passed through
    /// `transform`; found byte-wise, because parsing with `URLComponents` is slow on Linux.
    private static func replacingQuery(of text: String, with transform: (String) -> String) -> String {
        let bytes = text.utf8
        let fragment = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        guard let question = bytes[..<fragment].firstIndex(of: UInt8(ascii: "?")) else { return text }
        let queryStart = bytes.index(after: question)
        return String(text[..<queryStart]) + transform(String(text[queryStart..<fragment])) + String(text[fragment...])
    }

    /// An escaped query string, or an `application/x-www-form-urlencoded` body, with hidden values
    /// replaced; keys and order are kept.
    public func redactedQuery(_ query: String) -> String {
        guard !queryParameterNames.isEmpty else { return query }
        // Byte-wise: Character-wise splitting and searching cost microseconds per query on Linux,
        // and the logger redacts every URL it prints.
        var redacted = ""
        redacted.reserveCapacity(query.utf8.count + 16)
        for (index, pair) in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
            .enumerated()
        {
            if index > 0 { redacted.append("&") }
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
                redacted.append(contentsOf: Substring(pair))
                continue
            }
            let rawName = Substring(pair[..<equals])
            let name =
                rawName.utf8.contains(UInt8(ascii: "%"))
                ? rawName.removingPercentEncoding ?? String(rawName) : String(rawName)
            let bareName = name.utf8.firstIndex(of: UInt8(ascii: "[")).map { String(name[..<$0]) } ?? name
            if queryParameterNames.contains(bareName.lowercased()) {
                redacted.append(contentsOf: rawName)
                redacted.append("=%3Credacted%3E")
            } else {
                redacted.append(contentsOf: Substring(pair))
            }
        }
        return redacted
    }
}
