import Dispatch

/// What code that sends requests depends on, so tests can hand it a fake.
///
/// ``Provider`` conforms. A fake needs only one async `request`: either
/// ``ProviderType/request(_:isolation:)->Response``, which is told the caller's isolation, or, as before that existed,
/// `request(_:)`; each has a default built on the other (implement one of them). The decoding and
/// completion-handler forms have defaults built on them, and every form can be called without its
/// `isolation` argument, which is the caller's.
///
/// ```swift
/// @MainActor final class ProfileModel<P: ProviderType<GitHub>> {
///     let provider: P
///     init(provider: P) { self.provider = provider }
///     func load() async throws(CourierError) -> User { try await provider.request(.userProfile("octocat"), as: User.self) }
/// }
///
/// struct FailingProvider: ProviderType {
///     func request(_ target: GitHub) async throws(CourierError) -> Response {
///         throw .underlying(URLError(.notConnectedToInternet), nil)
///     }
/// }
/// ```
///
/// The protocol does not refine `Sendable`, so that a type of an app's main actor can conform;
/// ``Provider`` is `Sendable` itself. Generic code that shares a provider between tasks asks for
/// `P: ProviderType<API> & Sendable`.
public protocol ProviderType<Target> {
    /// The targets this provider sends.
    associatedtype Target: TargetType

    /// Sends the request for `target` and returns its response, on the caller's isolation
    /// `isolation`. By default, calls `request(_:)`.
    func request(_ target: Target, isolation: isolated (any Actor)?) async throws(CourierError) -> Response

    /// Sends the request for `target` and returns its response, for a caller isolated to no actor.
    /// By default, calls ``ProviderType/request(_:isolation:)->Response`` with no isolation. Calls without an `isolation`
    /// argument go to ``request(_:_:)``, which passes the caller's.
    @_disfavoredOverload
    func request(_ target: Target) async throws(CourierError) -> Response

    /// Sends the request for `target` and decodes its body as `type` with `decoder`, or with the
    /// target's own ``TargetType/decoder`` when `decoder` is `nil`, on the caller's isolation.
    func request<D: Decodable>(
        _ target: Target, as type: D.Type, decoder: (any DataDecoder)?, isolation: isolated (any Actor)?
    ) async throws(CourierError) -> D

    /// Sends the request for `target` and calls `completion` once with the outcome, where
    /// ``Provider/request(_:callbackQueue:progress:completion:isolation:)`` says.
    @discardableResult
    func request(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?,
        completion: @escaping Completion, isolation: isolated (any Actor)?
    ) -> any Cancellable

    /// Sends the download request for `target`, continuing the partial download `point`
    /// describes, on the caller's isolation `isolation` (see
    /// ``Provider/request(_:resumingFrom:isolation:)``). By default, a provider that cannot resume:
    /// it removes the point's partial file and calls ``ProviderType/request(_:isolation:)->Response``.
    func request(_ target: Target, resumingFrom point: DownloadResumePoint?, isolation: isolated (any Actor)?)
        async throws(CourierError) -> Response

    /// Sends the download request for `target`, continuing the partial download `point`
    /// describes, and calls `completion` once with the outcome, where
    /// ``Provider/request(_:callbackQueue:progress:completion:isolation:)`` says. By default, runs
    /// ``ProviderType/request(_:resumingFrom:isolation:)`` in a task, as the completion form
    /// without a point does.
    @discardableResult
    func request(
        _ target: Target, resumingFrom point: DownloadResumePoint?, callbackQueue: DispatchQueue?,
        progress: ProgressBlock?, completion: @escaping Completion, isolation: isolated (any Actor)?
    ) -> any Cancellable
}

extension ProviderType {
    /// Calls `request(_:)`: the default for a type that implements only that.
    public func request(_ target: Target, isolation: isolated (any Actor)?) async throws(CourierError) -> Response {
        try await requestIsolatedToNone(CallerIsolated((self, target)))
    }

    /// Calls ``ProviderType/request(_:isolation:)->Response`` with no isolation: the default for a type that implements
    /// only that.
    @_disfavoredOverload
    public func request(_ target: Target) async throws(CourierError) -> Response {
        try await request(target, isolation: nil)
    }

    /// Sends the request for `target` and returns its response, on the caller's isolation.
    /// - Parameters:
    ///   - target: The target.
    ///   - isolation: The caller's isolation; leave it out.
    public func request(_ target: Target, _ isolation: isolated (any Actor)? = #isolation) async throws(CourierError)
        -> Response
    {
        try await request(target, isolation: isolation)
    }

    /// Sends the request for `target` and decodes its body as `type`.
    /// - Parameters:
    ///   - target: The target.
    ///   - type: The type to decode.
    ///   - decoder: The decoder; `nil` for the target's ``TargetType/decoder``, which is a plain
    ///     `JSONDecoder` unless the target names another.
    ///   - isolation: The caller's isolation, on which the body is decoded; leave it out.
    /// - Throws: ``CourierError``; a body that does not decode fails with
    ///   ``CourierError/objectMapping(_:_:)``, which keeps the response.
    public func request<D: Decodable>(
        _ target: Target, as type: D.Type, decoder: (any DataDecoder)?, isolation: isolated (any Actor)?
    ) async throws(CourierError) -> D {
        let decoder = decoder ?? target.decoder
        return try await request(target, isolation: isolation).map(type, using: decoder)
    }

    /// Sends the request and decodes its body with `decoder`, or with the target's
    /// ``TargetType/decoder`` when it is `nil` or left out, on the caller's isolation.
    public func request<D: Decodable>(
        _ target: Target, as type: D.Type, decoder: (any DataDecoder)? = nil,
        _ isolation: isolated (any Actor)? = #isolation
    ) async throws(CourierError) -> D {
        try await request(target, as: type, decoder: decoder, isolation: isolation)
    }

    /// Runs ``ProviderType/request(_:isolation:)->Response`` in a task on the caller's isolation and calls `completion`
    /// with its outcome, by the rules of ``Provider/request(_:callbackQueue:progress:completion:isolation:)``
    /// (a fake has no callback queue of its own, and its `async` request always suspends, so
    /// nothing completes before this method returns). `progress` gets one event, the final one
    /// with the response, just before `completion`, where `completion` runs. Cancelling the
    /// returned token cancels the task.
    @discardableResult
    public func request(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?,
        completion: @escaping Completion, isolation: isolated (any Actor)?
    ) -> any Cancellable {
        request(
            target, resumingFrom: nil, callbackQueue: callbackQueue, progress: progress, completion: completion,
            isolation: isolation)
    }

    /// Sends the request and calls `completion` once with the outcome, by the rules of
    /// ``Provider/request(_:callbackQueue:progress:completion:isolation:)``.
    @discardableResult
    public func request(
        _ target: Target, callbackQueue: DispatchQueue? = nil, progress: ProgressBlock? = nil,
        completion: @escaping Completion, _ isolation: isolated (any Actor)? = #isolation
    ) -> any Cancellable {
        request(target, callbackQueue: callbackQueue, progress: progress, completion: completion, isolation: isolation)
    }
}

extension Provider: ProviderType {}

/// Awaits a provider's `request(_:)`, a method isolated to no actor, as its type declared it.
private func requestIsolatedToNone<P: ProviderType>(_ call: CallerIsolated<(P, P.Target)>) async throws(CourierError)
    -> Response
{
    // Named in full: a bare `request(target)` would pick `request(_:_:)`, which leads back to
    // `request(_:isolation:)`.
    try await call.value.0.request(_:)(call.value.1)
}
