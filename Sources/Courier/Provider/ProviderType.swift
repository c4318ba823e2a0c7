import Dispatch

/// What code that sends requests depends on, so tests can hand it a fake.
///
/// ``Provider`` conforms. A fake needs only the async ``request(_:)``; the decoding and
/// completion-handler forms have defaults built on it.
///
/// ```swift
/// final class ProfileModel<P: ProviderType<GitHub>> {
///     let provider: P
///     init(provider: P) { self.provider = provider }
///     func load() async throws(CourierError) -> User { try await provider.request(.userProfile("octocat"), as: User.self) }
/// }
/// ```
public protocol ProviderType<Target>: Sendable {
    /// The targets this provider sends.
    associatedtype Target: TargetType

    /// Sends the request for `target` and returns its response.
    func request(_ target: Target) async throws(CourierError) -> Response

    /// Sends the request for `target` and decodes its body as `type` with `decoder`, or with the
    /// target's own ``TargetType/decoder`` when `decoder` is `nil`.
    func request<D: Decodable>(_ target: Target, as type: D.Type, decoder: (any DataDecoder)?)
        async throws(CourierError) -> D

    /// Sends the request for `target` and calls `completion` once with the outcome.
    @discardableResult
    func request(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?,
        completion: @escaping Completion
    ) -> any Cancellable
}

extension ProviderType {
    /// Sends the request for `target` and decodes its body as `type`.
    /// - Parameters:
    ///   - target: The target.
    ///   - type: The type to decode.
    ///   - decoder: The decoder; `nil` for the target's ``TargetType/decoder``, which is a plain
    ///     `JSONDecoder` unless the target names another.
    /// - Throws: ``CourierError``; a body that does not decode fails with
    ///   ``CourierError/objectMapping(_:_:)``, which keeps the response.
    public func request<D: Decodable>(_ target: Target, as type: D.Type, decoder: (any DataDecoder)?)
        async throws(CourierError) -> D
    {
        try await request(target).map(type, using: decoder ?? target.decoder)
    }

    /// Sends the request and decodes its body with the target's ``TargetType/decoder``.
    public func request<D: Decodable>(_ target: Target, as type: D.Type) async throws(CourierError) -> D {
        try await request(target, as: type, decoder: nil)
    }

    /// Runs ``request(_:)`` in a task and calls `completion` with its outcome, by the rules of
    /// ``Provider/request(_:callbackQueue:progress:completion:)``: on `callbackQueue` if given,
    /// else on the main queue (a fake has no callback queue of its own, and its `async` request
    /// always suspends, so nothing completes before this method returns). `progress` gets one
    /// event, the final one with the response, just before `completion`, where `completion` runs.
    /// Cancelling the returned token cancels the task.
    @discardableResult
    public func request(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?,
        completion: @escaping Completion
    ) -> any Cancellable {
        CompletionDelivery.start(callbackQueue.map { .queue($0) } ?? .callerOrMain, completion: completion) {
            delivery in
            .suspended {
                let result: Result<Response, CourierError>
                do throws(CourierError) {
                    result = .success(try await request(target))
                } catch {
                    result = .failure(error)
                }
                if let progress, case .success(let response) = result {
                    delivery.deliver(ProgressResponse(response: response), to: progress)
                }
                return result
            }
        }
    }

    /// Sends the request and calls `completion` once with the outcome, with no progress and the
    /// default callback queue.
    @discardableResult
    public func request(_ target: Target, completion: @escaping Completion) -> any Cancellable {
        request(target, callbackQueue: nil, progress: nil, completion: completion)
    }
}

extension Provider: ProviderType {}
