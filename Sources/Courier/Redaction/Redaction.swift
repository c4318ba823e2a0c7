import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which values are secrets, hidden as `<redacted>` in every text Courier produces: error
/// descriptions and their `NSError` bridge, cURL lines, the logger, body previews and recorded
/// fixtures.
///
/// One rule decides, whatever the place: a **name** — header, query parameter, form field, JSON
/// key, XML element — is a secret when the built-in rule says so (``hidesCommonSecretNames``, see
/// below) or when it is one of the names listed in ``headerNames`` or ``queryParameterNames``
/// (both lists apply everywhere). Its value is then hidden wherever the name appears:
/// - headers, by name (`Authorization: <redacted>`), and `Name: value` lines in any text;
/// - `name=value` pairs in URLs, fragments and form bodies (`access_token=%3Credacted%3E`),
///   percent-encoded names included (`user%5Bpassword%5D=`);
/// - `"name": value` members in JSON at any depth, also in NDJSON, in several documents, in a
///   body cut short and in JSON escaped inside a string; a whole object or array under a secret
///   name is hidden;
/// - `<name>value</name>` in XML, with attributes or in CDATA;
/// - the password in a URL's user info (`https://ann:%3Credacted%3E@host`);
/// - printed values: Swift's descriptions (`Login(password: "<redacted>")`), JavaScript and
///   Objective-C objects (`{password: '…'}`, `token = …;`), `name: value` in messages, and headers
///   written as `{"name": "Authorization", "value": …}` objects.
///
/// With no name beside them, `Bearer` tokens and JSON Web Tokens are hidden by their own form.
///
/// The built-in rule reads a name's last component (`user[password]` → `password`), ignores case,
/// separators and camelCase (`access_token`, `accessToken`, `access-token`, `AccessToken` are one
/// name), and hides names that end with `token`, `password`, `secret`, `apikey`, `cookie`,
/// `authorization`, `signature` and a few more, or hold the word `password` or `secret`; see the
/// Plugins article for the exact list and the names it leaves alone (`token_type`, `max_tokens`,
/// `author`, `passwordless`).
public struct Redaction: Sendable, Hashable {
    /// What a hidden value is replaced with.
    public static let placeholder = "<redacted>"

    /// The placeholder inside URLs and form bodies, percent-encoded so the text stays a valid URL.
    static let encodedPlaceholder = "%3Credacted%3E"

    /// More header names whose values are hidden, matched like every name (case, separators and
    /// camelCase ignored). They are hidden wherever they appear, not only in headers.
    public var headerNames: Set<String> {
        didSet { listedKeys = listedKeysNotCoveredByTheRule() }
    }
    /// More query-parameter, form-field and JSON-key names whose values are hidden, matched like
    /// every name. They are hidden wherever they appear, not only in queries.
    public var queryParameterNames: Set<String> {
        didSet { listedKeys = listedKeysNotCoveredByTheRule() }
    }
    /// Whether the built-in rule hides common secret names (see the type's description). `true`
    /// for ``default``; `false` for ``none``.
    public var hidesCommonSecretNames: Bool {
        didSet { listedKeys = listedKeysNotCoveredByTheRule() }
    }

    /// The listed names as they are compared, less those the rule hides anyway: empty for
    /// ``default``, so that the common case never builds a name's comparison form.
    private var listedKeys: Set<String> = []

    /// The defaults: the built-in rule, and for documentation the names it covers most often:
    /// - headers: `Authorization`, `Proxy-Authorization` (RFC 9110 credentials), `Cookie`,
    ///   `Set-Cookie` (session state), `X-API-Key`, `api-key` and `X-Auth-Token`;
    /// - query parameters: `access_token` (RFC 6750 §2.3), `refresh_token` and `id_token` (OAuth and
    ///   OpenID Connect), `api_key`, `apikey`, `client_secret`, `password`, `token` and `signature`
    ///   (pre-signed URLs).
    public static let `default` = Redaction(
        headerNames: [
            "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
        ],
        queryParameterNames: [
            "access_token", "refresh_token", "id_token", "api_key", "apikey", "client_secret", "password", "token",
            "signature",
        ]
    )

    /// Hides nothing. Only for debugging on your own machine.
    public static let none = Redaction(headerNames: [], queryParameterNames: [], hidesCommonSecretNames: false)

    /// Creates a redaction policy.
    /// - Parameters:
    ///   - headerNames: Names to hide, in any spelling.
    ///   - queryParameterNames: More names to hide, in any spelling.
    ///   - hidesCommonSecretNames: Whether the built-in rule hides common secret names too. `true`
    ///     by default: pass `false` to hide only the names listed.
    public init(headerNames: Set<String>, queryParameterNames: Set<String>, hidesCommonSecretNames: Bool = true) {
        self.headerNames = headerNames
        self.queryParameterNames = queryParameterNames
        self.hidesCommonSecretNames = hidesCommonSecretNames
        self.listedKeys = listedKeysNotCoveredByTheRule()
    }

    /// This policy with more names hidden.
    /// - Parameters:
    ///   - headers: More header names to hide. Empty by default.
    ///   - queryParameters: More query-parameter names to hide. Empty by default.
    public func adding(headers: Set<String> = [], queryParameters: Set<String> = []) -> Redaction {
        var redaction = self
        redaction.headerNames.formUnion(headers)
        redaction.queryParameterNames.formUnion(queryParameters)
        return redaction
    }

    // MARK: - Names

    /// Whether the value of `name` is hidden, wherever the name appears.
    public func hides(_ name: String) -> Bool {
        if hidesCommonSecretNames, SecretName.isSecret(name) { return true }
        return !listedKeys.isEmpty && listedKeys.contains(SecretName.key(name))
    }

    /// Whether the name in `bytes` (UTF-8) is hidden, for the text scanner.
    func hides(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if hidesCommonSecretNames, SecretName.isSecret(bytes: bytes) { return true }
        return !listedKeys.isEmpty && listedKeys.contains(SecretName.key(String(decoding: bytes, as: UTF8.self)))
    }

    /// Whether the value of header `name` is hidden; the same as ``hides(_:)``.
    public func hidesHeader(_ name: String) -> Bool {
        hides(name)
    }

    /// Whether this policy hides anything at all.
    var isActive: Bool {
        hidesCommonSecretNames || !listedKeys.isEmpty
    }

    private func listedKeysNotCoveredByTheRule() -> Set<String> {
        let listed = headerNames.union(queryParameterNames)
        let uncovered = hidesCommonSecretNames ? listed.filter { !SecretName.isSecret($0) } : listed
        return Set(uncovered.map { SecretName.key($0) }.filter { !$0.isEmpty })
    }

    // MARK: - Values

    /// The value of header `name` as it may be shown: the placeholder when the name is hidden,
    /// otherwise the value with any secret inside it hidden (a `Location` with `?access_token=`).
    public func headerValue(_ value: String, forName name: String) -> String {
        hides(name) ? Self.placeholder : redacting(value)
    }

    /// `headers` with their values as ``headerValue(_:forName:)`` shows them.
    public func headers(_ headers: [String: String]) -> [String: String] {
        headers.reduce(into: [:]) { result, header in
            result[header.key] = headerValue(header.value, forName: header.key)
        }
    }

    /// The URL's text with secret query and fragment values and any user-info password hidden;
    /// the rest kept byte for byte.
    public func url(_ url: URL) -> String {
        redacting(url.absoluteString)
    }

    /// An escaped query string, or an `application/x-www-form-urlencoded` body, with secret values
    /// hidden; names and order are kept.
    func redactedQuery(_ query: String) -> String {
        redacting(query)
    }

    /// `text` with every secret value hidden: the one function every text Courier produces goes
    /// through. Returns `text` itself when nothing is hidden.
    public func redacting(_ text: String) -> String {
        guard isActive, !text.isEmpty else { return text }
        var text = text
        return text.withUTF8 { bytes in
            // Most texts (a header value, a method, a plain sentence) hold none of the bytes a
            // named value needs: they are returned after one quick look.
            guard bytes.contains(where: TextRedactor.isTrigger) else { return nil }
            return TextRedactor(bytes: bytes, redaction: self).redacted()
        } ?? text
    }
}
