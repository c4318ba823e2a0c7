import Courier

/// Holds an access token and refreshes it when the server rejects it, exactly once however many
/// requests are rejected at the same moment (single flight).
///
/// ```swift
/// let tokens = AccessTokenStore(token: savedToken) { rejected in
///     try await authAPI.refresh(using: refreshToken)   // your refresh call
/// }
/// let provider = Provider<MyAPI>(plugins: [AccessTokenPlugin(tokenSource: tokens)])
/// ```
///
/// With no token yet, the first request fetches one through `refresh(nil)`. While a refresh runs,
/// every request waits for its result; when it fails, they all fail with ``TokenRefreshError``,
/// and the next rejected request may try again.
public actor AccessTokenStore: RefreshableAccessTokenSource {
    /// Makes a new token; receives the rejected one, or `nil` when there was none yet.
    public typealias Refresh = @Sendable (_ rejected: String?) async throws -> String

    private var current: String?
    private var refreshing: Task<String, any Error>?
    private let refresh: Refresh

    /// Creates a store.
    /// - Parameters:
    ///   - token: The token to start with. `nil` by default: the first request fetches one.
    ///   - refresh: Makes a new token.
    public init(token: String? = nil, refresh: @escaping Refresh) {
        self.current = token
        self.refresh = refresh
    }

    /// The current token, if there is one.
    public var token: String? { current }

    /// Replaces the token, e.g. after signing in (or `nil` after signing out).
    public func update(_ token: String?) {
        current = token
    }

    /// The current token; waits for a refresh that is running, and fetches one when there is none.
    public func token(for target: any TargetType) async throws -> String {
        if let refreshing { return try await Self.value(of: refreshing) }
        if let current { return current }
        return try await refreshed(replacing: nil)
    }

    /// A token to use instead of `rejected`: the current one when another request already
    /// refreshed it, the result of the running refresh, or a new refresh.
    public func refreshedToken(replacing rejected: String, for target: any TargetType) async throws -> String {
        try await refreshed(replacing: rejected)
    }

    private func refreshed(replacing rejected: String?) async throws -> String {
        if let refreshing { return try await Self.value(of: refreshing) }
        if let current, current != rejected { return current }
        let task = Task { [refresh] in try await refresh(rejected) }
        refreshing = task
        defer { refreshing = nil }
        let token = try await Self.value(of: task)
        current = token
        return token
    }

    /// The refresh's token, or its failure as ``TokenRefreshError``.
    private static func value(of refresh: Task<String, any Error>) async throws(TokenRefreshError) -> String {
        do {
            return try await refresh.value
        } catch {
            throw TokenRefreshError(underlying: error)
        }
    }
}
