import Courier

/// Where ``AccessTokenPlugin`` gets a token when getting one takes time: from a keychain, an
/// identity provider, or a store that refreshes it.
///
/// The plugin asks in its asynchronous `adapt` step, once per attempt, and only for targets
/// whose ``AccessTokenAuthorizable/authorizationType`` is not `nil`; ``RequestContext/current``
/// says which request and attempt is asking. An actor conforms naturally:
///
/// ```swift
/// actor TokenStore: AccessTokenSource {
///     private var token = "…"
///     func update(_ newToken: String) { token = newToken }
///     func token(for target: any TargetType) async throws -> String { token }
/// }
/// let plugin = AccessTokenPlugin(tokenSource: TokenStore())
/// ```
///
/// For a closure, use ``ClosureAccessTokenSource``:
/// `AccessTokenPlugin(tokenSource: ClosureAccessTokenSource { _ in try await fetch() })`.
public protocol AccessTokenSource: Sendable {
    /// The token for a request to `target` (a ``MultiTarget`` arrives unwrapped).
    ///
    /// Throwing fails the request before it is sent: a `CourierError` as it is, any other error
    /// as ``CourierError/underlying(_:_:)``. It is awaited in a task of its own: cancelling the
    /// request ends the request at once with ``CourierError/cancelled``, whatever the source is
    /// waiting for, and cancels that task; a token it returns after that is dropped.
    ///
    /// `target` is sent to the source (`sending`), so an actor can take it as its own; the plugin
    /// keeps using its own copy.
    func token(for target: sending any TargetType) async throws -> String

    /// The token for a request to `target` when the source holds one it would answer
    /// ``token(for:)`` with at once (no fetch or refresh to wait for), asked synchronously before
    /// `token(for:)`; `nil` by default, which means: await `token(for:)`.
    ///
    /// A source that keeps its token where any thread can read it (``AccessTokenStore`` does)
    /// spares every request the wait for an actor: ``AccessTokenPlugin`` sets a token at hand in
    /// the request's own task, without a task of its own or a thread hop, on every platform.
    /// Answer quickly, and never wait here.
    func tokenAtHand(for target: any TargetType) -> String?
}

extension AccessTokenSource {
    /// `nil`: the plugin awaits ``token(for:)`` for every attempt.
    public func tokenAtHand(for target: any TargetType) -> String? { nil }
}

/// An ``AccessTokenSource`` that calls a closure for every token.
public struct ClosureAccessTokenSource: AccessTokenSource {
    /// Returns the token for a target.
    public typealias TokenClosure = @Sendable (_ target: any TargetType) async throws -> String

    private let closure: TokenClosure

    /// Creates a source that calls `closure` for every token.
    public init(_ closure: @escaping TokenClosure) {
        self.closure = closure
    }

    /// Calls the closure.
    public func token(for target: sending any TargetType) async throws -> String {
        try await closure(target)
    }
}
