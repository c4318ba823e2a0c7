import Courier

extension AccessTokenPlugin {
    /// Recorded in ``RetryContext/retryReasons`` when a request is replayed with a refreshed token.
    public static let refreshReason = "access token refreshed after 401"

    /// On `401 Unauthorized` from an authorizable target, when the token comes from a
    /// ``RefreshableAccessTokenSource``: refreshes the token and replays the request once.
    ///
    /// A request is replayed at most once, so a server that keeps answering 401 ends the request
    /// with that answer instead of a loop. A failed refresh fails the request with
    /// ``TokenRefreshError`` and the 401 response.
    public func retry(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) async -> RetryDecision {
        guard case .source(let source) = token, let refreshable = source as? any RefreshableAccessTokenSource,
            let type = Self.authorizationType(of: target),
            let response = (try? result.get()) ?? result.failureResponse, response.statusCode == 401,
            !context.retryReasons.contains(Self.refreshReason),
            let sent = context.request?.value(forHTTPHeaderField: "Authorization")
        else { return .doNotRetry }
        let prefix = "\(type.value) "
        let rejected = sent.hasPrefix(prefix) ? String(sent.dropFirst(prefix.count)) : sent
        do {
            _ = try await refreshable.refreshedToken(
                replacing: rejected, for: CallerIsolated(target.unwrappedTarget).value)
            return .retry(reason: Self.refreshReason)
        } catch {
            if Task.isCancelled || (error as? CourierError)?.isCancelled == true || error is CancellationError {
                return .fail(.cancelled)
            }
            return .fail(.underlying(error as? TokenRefreshError ?? TokenRefreshError(underlying: error), response))
        }
    }
}
