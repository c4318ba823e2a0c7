import Courier

/// An ``AccessTokenSource`` that can replace a token the server rejected.
///
/// When a request to an authorizable target gets `401 Unauthorized`, ``AccessTokenPlugin`` asks
/// its source for a new token once, then replays the request once with it. ``AccessTokenStore``
/// is the ready-made conformer: it refreshes once however many requests fail at the same moment.
public protocol RefreshableAccessTokenSource: AccessTokenSource {
    /// A token to use instead of `rejected` (the one the server refused).
    ///
    /// When several requests are rejected together, each calls this; an implementation should
    /// refresh once and hand every caller the new token. Throwing fails the waiting requests with
    /// ``TokenRefreshError``.
    ///
    /// `target` is sent to the source (`sending`), so an actor can take it as its own.
    func refreshedToken(replacing rejected: String, for target: sending any TargetType) async throws -> String
}
