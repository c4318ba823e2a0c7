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
        guard let rejection = rejection(of: result, target: target, context: context) else { return .doNotRetry }
        do {
            _ = try await rejection.source.refreshedToken(
                replacing: rejection.token, for: CallerIsolated(target.unwrappedTarget).value)
            return .retry(reason: Self.refreshReason)
        } catch {
            if Task.isCancelled || (error as? CourierError)?.isCancelled == true || error is CancellationError {
                return .fail(.cancelled)
            }
            return .fail(
                .underlying(error as? TokenRefreshError ?? TokenRefreshError(underlying: error), rejection.response))
        }
    }

    /// The token a 401 rejected, with the source to refresh it and the response, when `result` is
    /// one that ``retry(_:target:context:)`` refreshes the token for.
    private func rejection(
        of result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) -> (source: any RefreshableAccessTokenSource, token: String, response: Response)? {
        // The status first: every response is asked, and the casts cost more.
        guard case .source(let source) = token,
            let response = (try? result.get()) ?? result.failureResponse, response.statusCode == 401,
            let refreshable = source as? any RefreshableAccessTokenSource,
            let type = Self.authorizationType(of: target),
            !context.retryReasons.contains(Self.refreshReason),
            let sent = context.request?.value(forHTTPHeaderField: "Authorization")
        else { return nil }
        let prefix = "\(type.value) "
        return (refreshable, sent.hasPrefix(prefix) ? String(sent.dropFirst(prefix.count)) : sent, response)
    }
}

extension AccessTokenPlugin: StepwiseSuspendingPlugin {
    /// Sets a token the source has at hand without suspending; `nil` (await `adapt`) when it has
    /// none at hand.
    package func adaptAtOnce(_ request: URLRequest, target: any TargetType) throws -> URLRequest? {
        guard case .source(let source) = token, let type = Self.authorizationType(of: target) else { return request }
        guard let token = source.tokenAtHand(for: target.unwrappedTarget) else { return nil }
        return try Self.authorized(request, type: type, token: token, target: target)
    }

    /// Never retries without suspending; `nil` (await `retry`) for a 401 whose token is to be
    /// refreshed.
    package func retryAtOnce(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) -> RetryDecision? {
        rejection(of: result, target: target, context: context) == nil ? .doNotRetry : nil
    }
}
