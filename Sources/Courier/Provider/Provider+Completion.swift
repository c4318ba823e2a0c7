import Dispatch
import Foundation

extension Provider {
    /// Sends the request for `target` and calls `completion` once with the outcome (Moya's API).
    ///
    /// Where callbacks run: on `callbackQueue` if given, else on the provider's `callbackQueue`,
    /// else, as in Moya, before this method returns when the request ends without suspending, and
    /// on the main queue otherwise. A request ends without suspending when it is stubbed
    /// `.immediate` (or fails before it could be sent), its `requestClosure` answers at once (as
    /// the default one does) and every plugin is a ``SynchronousPlugin`` (as every built-in one
    /// is); this holds on every OS.
    /// - Parameters:
    ///   - target: The target.
    ///   - callbackQueue: Where `progress` and `completion` run. `nil` by default.
    ///   - progress: Receives progress events, the last one with the response. `nil` by default.
    ///   - completion: Receives the outcome, exactly once, also when cancelled.
    /// - Returns: A ``Cancellable`` that cancels the request.
    @discardableResult
    public func request(
        _ target: Target,
        callbackQueue: DispatchQueue? = nil,
        progress: ProgressBlock? = nil,
        completion: @escaping Completion
    ) -> any Cancellable {
        let destination = (callbackQueue ?? self.callbackQueue).map(CompletionDelivery.Destination.queue)
        return CompletionDelivery.start(destination ?? .callerOrMain, completion: completion) { delivery in
            let reporter = progress.map { block in
                ProgressReporter(for: target.task) { event in delivery.deliver(event, to: block) }
            }
            return performSynchronously(target, progress: reporter)
        }
    }

    /// Sends the request for `target` and calls `completion` once, on the main actor, with the
    /// outcome: the form for code on the main actor, whose completion may use its state.
    ///
    /// ```swift
    /// @MainActor final class ProfileViewController: UIViewController {
    ///     func load() {
    ///         provider.request(.userProfile("octocat")) { @MainActor [weak self] result in
    ///             self?.show(result)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Swift picks this form for a closure marked `@MainActor`, or for a main-actor function
    /// such as `show`; an unmarked closure still goes to
    /// ``request(_:callbackQueue:progress:completion:)``, whose rules are unchanged.
    ///
    /// Callbacks run on the main actor: before this method returns when it is called on the main
    /// thread and the request ends without suspending (an immediate stub), and on the main queue
    /// otherwise. The provider's `callbackQueue` does not apply.
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
        let onMain: Completion = { result in MainActor.assumeIsolated { completion(result) } }
        return CompletionDelivery.start(.mainActor, completion: onMain) { delivery in
            let reporter = progress.map { block in
                ProgressReporter(for: target.task) { event in
                    delivery.deliver(event) { event in MainActor.assumeIsolated { block(event) } }
                }
            }
            return performSynchronously(target, progress: reporter)
        }
    }
}
