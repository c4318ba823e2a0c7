import Dispatch
import Foundation

extension Provider {
    /// Sends the request for `target` and calls `completion` once with the outcome (Moya's API).
    ///
    /// Where callbacks run: on `callbackQueue` if given, else on the provider's `callbackQueue`,
    /// else, as in Moya, before this method returns for an immediate stub and on the main queue
    /// otherwise.
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
        let delivery = CompletionDelivery(queue: callbackQueue ?? self.callbackQueue, completion: completion)
        let reporter = progress.map { block in
            ProgressReporter(for: target.task) { event in delivery.deliver(event, to: block) }
        }
        let token = CancellableToken()
        let task = startImmediateTask {
            delivery.deliver(await self.perform(target, progress: reporter))
        }
        token.attach { task.cancel() }
        delivery.callerReturned()
        return token
    }
}
