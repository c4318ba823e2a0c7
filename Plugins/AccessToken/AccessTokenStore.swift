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
///
/// Waiting never outlives the request: a request that is cancelled stops waiting at once, and a
/// refresh that no request waits for any more is cancelled. A refresh that takes longer than
/// ``refreshTimeout`` fails the requests waiting for it with ``TokenRefreshError`` carrying
/// `URLError(.timedOut)`, and is cancelled.
public actor AccessTokenStore: RefreshableAccessTokenSource {
    /// Makes a new token; receives the rejected one, or `nil` when there was none yet.
    public typealias Refresh = @Sendable (_ rejected: String?) async throws -> String

    /// The longest a refresh may take. 30 seconds by default: longer than any sign-in server
    /// should need, short enough that a hung one does not freeze every request behind it.
    public nonisolated let refreshTimeout: Duration

    private var current: String? {
        didSet { publishTokenAtHand() }
    }
    private var running: TokenRefresh? {
        didSet { publishTokenAtHand() }
    }
    private let refresh: Refresh
    /// `current` while no refresh runs, `nil` otherwise: what ``tokenAtHand(for:)`` reads from any
    /// thread, kept in step with the two on the actor.
    private nonisolated let atHand: LockedValue<String?>

    /// Creates a store.
    /// - Parameters:
    ///   - token: The token to start with. `nil` by default: the first request fetches one.
    ///   - refreshTimeout: The longest a refresh may take. 30 seconds by default.
    ///   - refresh: Makes a new token. It runs in its own task, cancelled when it times out or
    ///     when no request waits for it any more.
    public init(token: String? = nil, refreshTimeout: Duration = .seconds(30), refresh: @escaping Refresh) {
        self.current = token
        self.refreshTimeout = refreshTimeout
        self.refresh = refresh
        atHand = LockedValue(token)
    }

    /// The current token, if there is one.
    public var token: String? { current }

    /// How many requests wait for the refresh that is running.
    package var waiterCount: Int { running?.waiterCount ?? 0 }

    /// Replaces the token, e.g. after signing in (or `nil` after signing out).
    public func update(_ token: String?) {
        current = token
    }

    /// The current token; waits for a refresh that is running, and fetches one when there is none.
    /// - Throws: ``TokenRefreshError`` when the refresh fails; `CancellationError` when the
    ///   calling task is cancelled while it waits.
    public func token(for target: any TargetType) async throws -> String {
        try await refreshed(replacing: nil)
    }

    /// The current token when no refresh is running, read without waiting for the actor, so that
    /// ``AccessTokenPlugin`` sets it without suspending, in the request's own task. `nil` while a
    /// refresh runs or when there is no token: the plugin then awaits ``token(for:)``.
    public nonisolated func tokenAtHand(for target: any TargetType) -> String? {
        atHand.withLock { $0 }
    }

    /// A token to use instead of `rejected`: the current one when another request already
    /// refreshed it, the result of the running refresh, or a new refresh.
    /// - Throws: ``TokenRefreshError`` when the refresh fails; `CancellationError` when the
    ///   calling task is cancelled while it waits.
    public func refreshedToken(replacing rejected: String, for target: any TargetType) async throws -> String {
        try await refreshed(replacing: rejected)
    }

    private func refreshed(replacing rejected: String?) async throws -> String {
        while true {
            if let running, !running.isOver {
                if let token = try await running.token() { return token }
                continue  // abandoned by its other waiters just before this one joined
            }
            if let current, current != rejected { return current }
            // Nothing at hand before the refresh starts: its task may run (and a request read the
            // rejected token at hand) before `running` is set and published.
            atHand.withLock { $0 = nil }
            running = TokenRefresh(replacing: rejected, timeout: refreshTimeout, refresh: refresh) { refresh, outcome in
                await self.finished(refresh, with: outcome)
            }
        }
    }

    /// Makes what ``tokenAtHand(for:)`` reads what ``token(for:)`` would answer at once.
    private func publishTokenAtHand() {
        let token = running == nil ? current : nil
        atHand.withLock { $0 = token }
    }

    /// Keeps a refresh's new token, unless a newer refresh has replaced it.
    private func finished(_ refresh: TokenRefresh, with outcome: TokenRefresh.Outcome) {
        guard running === refresh else { return }
        // The token first: until `running` is cleared, no thread reads the rejected one at hand.
        if case .success(let token) = outcome { current = token }
        running = nil
    }
}
