import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sets `Authorization: <scheme> <token>` on requests to targets that ask for it.
///
/// ```swift
/// let provider = Provider<MyAPI>(plugins: [AccessTokenPlugin { _ in keychain.token }])
/// ```
///
/// Only targets that conform to ``AccessTokenAuthorizable`` with a non-`nil`
/// ``AccessTokenAuthorizable/authorizationType`` get the header; other requests are left exactly
/// as they are. A ``MultiTarget`` is unwrapped first. The header is *set*, never appended, so a
/// retried or re-prepared request carries exactly one.
///
/// The token comes either from a synchronous closure, applied in `prepare` (as in Moya), or from
/// an ``AccessTokenSource``, awaited in `adapt`, for tokens that must be fetched or refreshed.
/// With a closure the plugin never suspends (it is a `SynchronousPlugin`), so an immediate stub
/// still completes before the completion-handler `request` returns. With a source, a token the
/// source has at hand (``AccessTokenSource/tokenAtHand(for:)``) is set without suspending, in the
/// request's own task; the plugin is awaited only while the source has none at hand, and to
/// refresh after a 401.
public struct AccessTokenPlugin: SynchronousPlugin {
    /// Returns the token for a target (a ``MultiTarget`` arrives unwrapped).
    public typealias TokenClosure = (_ target: any TargetType) -> String

    enum Token {
        case closure(TokenClosure)
        case source(any AccessTokenSource)
    }

    let token: Token

    /// Creates a plugin that asks `tokenClosure` for the token of each request, in `prepare`.
    ///
    /// A token containing a line break or NUL character cannot be sent in a header; the request
    /// then goes without `Authorization` (and the server answers 401). Use
    /// ``init(tokenSource:)`` to fail such requests with ``InvalidAccessTokenError`` instead.
    public init(tokenClosure: @escaping TokenClosure) {
        token = .closure(tokenClosure)
    }

    /// Creates a plugin that awaits `tokenSource` for the token of each attempt, in `adapt`.
    ///
    /// ```swift
    /// AccessTokenPlugin(tokenSource: ClosureAccessTokenSource { _ in try await session.currentToken() })
    /// ```
    public init(tokenSource: any AccessTokenSource) {
        token = .source(tokenSource)
    }

    /// Sets the header with the closure's token.
    public func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        guard case .closure(let closure) = token, let type = Self.authorizationType(of: target) else {
            return request
        }
        let token = closure(target.unwrappedTarget)
        return Self.settingAuthorization(Self.canBeSent(token) ? "\(type.value) \(token)" : nil, on: request)
    }

    /// Whether requests to `target` await the token source: only with ``init(tokenSource:)``, for
    /// targets that ask for a header.
    public func suspends(for target: any TargetType) -> Bool {
        guard case .source = token else { return false }
        return Self.authorizationType(of: target) != nil
    }

    /// Sets the header with the token source's token.
    /// - Throws: What the source throws, or ``InvalidAccessTokenError`` for a token that cannot
    ///   be sent in a header.
    public func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        guard case .source(let source) = token, let type = Self.authorizationType(of: target) else {
            return request
        }
        let token: String
        if let atHand = source.tokenAtHand(for: target.unwrappedTarget) {
            token = atHand
        } else {
            token = try await source.token(for: CallerIsolated(target.unwrappedTarget).value)
        }
        return try Self.authorized(request, type: type, token: token, target: target)
    }

    /// `request` with `token` in its `Authorization` header.
    /// - Throws: ``InvalidAccessTokenError`` for a token that cannot be sent in a header.
    static func authorized(_ request: URLRequest, type: AuthorizationType, token: String, target: any TargetType)
        throws -> URLRequest
    {
        guard canBeSent(token) else { throw InvalidAccessTokenError(target: TargetName.of(target)) }
        return settingAuthorization("\(type.value) \(token)", on: request)
    }

    /// `request` with `value` as its one `Authorization` field (none for `nil`, or for a value that
    /// cannot be sent in a header), whatever the case of the name of a field it had.
    ///
    /// The fields are set in one change rather than with `setValue(_:forHTTPHeaderField:)`, which
    /// on Linux runs the name through Foundation's locale-aware `capitalized` each time: about
    /// 3 µs a request there (the copy of the request that any change makes stays).
    private static func settingAuthorization(_ value: String?, on request: URLRequest) -> URLRequest {
        let current = request.allHTTPHeaderFields ?? [:]
        var fields = current.filter { !$0.key.caseInsensitiveEquals("Authorization") }
        if let value, canBeSent(value) { fields["Authorization"] = value }
        guard fields != current else { return request }
        var request = request
        request.allHTTPHeaderFields = fields
        return request
    }

    /// The target's authorization type, `nil` when it is not authorizable.
    static func authorizationType(of target: any TargetType) -> AuthorizationType? {
        (target.unwrappedTarget as? any AccessTokenAuthorizable)?.authorizationType
    }

    /// Whether `token` fits in a header value: no line break or NUL, which would end the header.
    private static func canBeSent(_ token: String) -> Bool {
        !token.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }
}
