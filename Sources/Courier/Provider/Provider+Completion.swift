import Dispatch
import Foundation

extension Provider {
    /// Sends the request for `target` and calls `completion` once with the outcome (Moya's API).
    ///
    /// ```swift
    /// @MainActor final class ProfileViewModel {
    ///     var name = ""
    ///     func load() {
    ///         provider.request(.userProfile("octocat")) { result in
    ///             self.name = (try? result.get().map(User.self).login) ?? "?"
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Where the closures run (the caller's isolation is `isolation`, `#isolation` by default):
    /// - called from code on an actor, such as a view model or a view controller on the main
    ///   actor, `progress` and `completion` run on that actor, so they can use its state: before
    ///   this method returns when the request ends without suspending, else later. `callbackQueue`
    ///   does not apply: a closure written on an actor belongs to it.
    /// - called from code isolated to no actor, they run on `callbackQueue` if given, else on the
    ///   provider's `callbackQueue`, always later; else, as in Moya, before this method returns when
    ///   the request ends without suspending and without asking a transport, and on the main queue
    ///   otherwise (an answer from the network never completes inside the call, even when it
    ///   arrives before the call returns).
    ///
    /// A request ends without suspending when it is stubbed `.immediate` (or fails before it could
    /// be sent), its `requestClosure` answers at once (as the default one does) and every plugin is
    /// a ``SynchronousPlugin`` (as every built-in one is); this holds on every OS.
    ///
    /// The target, the provider's closures and its plugins are used in this call and then on the
    /// caller's isolation (see <doc:Concurrency>); only the exchange with the transport leaves it.
    /// - Parameters:
    ///   - target: The target.
    ///   - callbackQueue: Where `progress` and `completion` run for a caller isolated to no actor.
    ///     `nil` by default.
    ///   - progress: Receives progress events, the last one with the response. `nil` by default.
    ///   - completion: Receives the outcome, exactly once, also when cancelled.
    ///   - isolation: The caller's isolation; leave it out.
    /// - Returns: A ``Cancellable`` that cancels the request.
    @discardableResult
    public func request(
        _ target: Target,
        callbackQueue: DispatchQueue? = nil,
        progress: ProgressBlock? = nil,
        completion: @escaping Completion,
        isolation: isolated (any Actor)? = #isolation
    ) -> any Cancellable {
        request(
            target, resumingFrom: nil, callbackQueue: callbackQueue, progress: progress, completion: completion,
            isolation: isolation)
    }

    /// Sends the request for `target` and calls `completion` once, on the main actor, with the
    /// outcome: the form for a closure marked `@MainActor`, from code that is not on the main actor.
    ///
    /// ```swift
    /// provider.request(.userProfile("octocat")) { @MainActor result in
    ///     AppState.shared.show(result)
    /// }
    /// ```
    ///
    /// Callbacks run on the main actor: before this method returns when it is called on the main
    /// thread and the request ends without suspending (an immediate stub), and later otherwise.
    /// The request itself runs on the main actor, as it would if called from there. Neither
    /// queue applies.
    /// - Parameters:
    ///   - target: The target.
    ///   - progress: Receives progress events, the last one with the response. `nil` by default.
    ///   - completion: Receives the outcome, exactly once, also when cancelled.
    /// - Returns: A ``Cancellable`` that cancels the request.
    @discardableResult
    public func request(
        _ target: Target,
        progress: (@MainActor (ProgressResponse) -> Void)? = nil,
        completion: @escaping @MainActor (Result<Response, CourierError>) -> Void
    ) -> any Cancellable {
        let call = CallerIsolated(target)
        if Thread.isMainThread {
            return MainActor.assumeIsolated {
                request(call.value, progress: progress, completion: completion, isolation: MainActor.shared)
            }
        }
        let token = CancellableToken()
        Task { @MainActor in
            // Cancelled before the main actor got to it: nothing is sent, and the completion says so.
            guard !token.isCancelled else { return completion(.failure(.cancelled)) }
            let started = self.request(
                call.value, progress: progress, completion: completion, isolation: MainActor.shared)
            token.attach { started.cancel() }
        }
        return token
    }
}
