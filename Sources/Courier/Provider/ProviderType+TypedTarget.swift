import Dispatch

extension ProviderType {
    /// Sends the request for `typed` and returns its answer, of the type the typed target names.
    ///
    /// ```swift
    /// let user = try await provider.request(GitHub.user("octocat"))   // a User
    /// ```
    ///
    /// The request is the target's, through the same pipeline as ``ProviderType/request(_:isolation:)->Response``; its
    /// answer is made on the caller's isolation.
    /// - Parameters:
    ///   - typed: The typed target.
    ///   - isolation: The caller's isolation; leave it out.
    /// - Throws: ``CourierError``; a body that does not decode fails with
    ///   ``CourierError/objectMapping(_:_:)`` carrying a ``TypedTargetDecodingError`` and the response.
    public func request<Answer>(
        _ typed: TypedTarget<Target, Answer>, isolation: isolated (any Actor)? = #isolation
    ) async throws(CourierError) -> Answer {
        try await answer(to: typed, isolation: isolation)
    }

    /// The answer to `typed`: what the typed `request` returns, under a name of its own.
    func answer<Answer>(to typed: TypedTarget<Target, Answer>, isolation: isolated (any Actor)?)
        async throws(CourierError) -> Answer
    {
        try typed.answer(from: try await request(typed.target, isolation: isolation))
    }

    /// Sends the request for `typed` and calls `completion` once with its answer, where
    /// ``Provider/request(_:callbackQueue:progress:completion:isolation:)`` calls back: on the
    /// caller's actor, or for code isolated to no actor on the callback queue or by Moya's rules.
    ///
    /// ```swift
    /// provider.request(GitHub.user("octocat")) { (result: Result<User, CourierError>) in … }
    /// ```
    /// - Parameters:
    ///   - typed: The typed target.
    ///   - callbackQueue: Where `progress` and `completion` run for a caller isolated to no actor.
    ///     `nil` by default.
    ///   - progress: Receives progress events, the last one with the response. `nil` by default.
    ///   - completion: Receives the answer or the failure, exactly once, also when cancelled.
    ///   - isolation: The caller's isolation; leave it out.
    /// - Returns: A ``Cancellable`` that cancels the request.
    @discardableResult
    public func request<Answer>(
        _ typed: TypedTarget<Target, Answer>, callbackQueue: DispatchQueue? = nil, progress: ProgressBlock? = nil,
        completion: @escaping (Result<Answer, CourierError>) -> Void, isolation: isolated (any Actor)? = #isolation
    ) -> any Cancellable {
        request(
            typed.target, callbackQueue: callbackQueue, progress: progress,
            completion: { result in completion(result.flatMap(typed.result(from:))) }, isolation: isolation)
    }
}

extension Provider where Target == MultiTarget {
    /// Sends the request for a typed target of any API through this provider of several, and
    /// returns its answer, as `request(_:isolation:)` does for a typed target of its own.
    /// - Parameters:
    ///   - typed: The typed target, of any target type.
    ///   - isolation: The caller's isolation; leave it out.
    public func request<Other: TargetType, Answer>(
        _ typed: TypedTarget<Other, Answer>, isolation: isolated (any Actor)? = #isolation
    ) async throws(CourierError) -> Answer {
        try await answer(to: typed.multiTarget, isolation: isolation)
    }
}
