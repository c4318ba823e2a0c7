import Dispatch
import Foundation

/// The completion API's one bridge to the pipeline, for ``Provider`` and every ``ProviderType``:
/// it runs the request on the caller's thread as far as it goes without suspending, hands the
/// rest to a task that the returned ``Cancellable`` cancels, and delivers progress and the
/// outcome where Moya delivers them:
/// - on the given queue (the request's, else the provider's) when there is one, always later;
/// - otherwise inside the `request` call when the outcome is ready before it returns (a request
///   that never suspended, such as an immediate stub), so a test can assert right after the call;
/// - otherwise on the main queue.
final class CompletionDelivery: Sendable {
    /// Where callbacks run.
    enum Destination: Sendable {
        /// On this queue.
        case queue(DispatchQueue)
        /// In the call when ready, else on the main queue.
        case callerOrMain
        /// On the main actor: in the call when ready and the caller is on the main thread, else
        /// on the main queue.
        case mainActor
    }

    private let destination: Destination
    private let completion: Completion
    /// Whether the `request` call is still running the request on the caller's thread.
    private let inCall = LockedValue(true)

    private init(_ destination: Destination, completion: @escaping Completion) {
        self.destination = destination
        self.completion = completion
    }

    /// Starts a request: `run` goes as far as it can on the caller's thread, given this delivery
    /// for its progress events; what remains runs in a task.
    static func start(
        _ destination: Destination, completion: @escaping Completion,
        run: (CompletionDelivery) -> SynchronousRun
    ) -> any Cancellable {
        let delivery = CompletionDelivery(destination, completion: completion)
        let token = CancellableToken()
        switch run(delivery) {
        case .finished(let result):
            delivery.deliver(result)
            delivery.inCall.withLock { $0 = false }
        case .suspended(let rest):
            delivery.inCall.withLock { $0 = false }
            let task = Task { delivery.deliver(await rest()) }
            token.attach { task.cancel() }
        }
        return token
    }

    /// Delivers the outcome.
    private func deliver(_ result: Result<Response, CourierError>) {
        run { self.completion(result) }
    }

    /// Delivers a progress event by the same rules as the outcome.
    func deliver(_ event: ProgressResponse, to block: @escaping ProgressBlock) {
        run { block(event) }
    }

    private func run(_ callback: @escaping @Sendable () -> Void) {
        switch destination {
        case .queue(let queue):
            queue.async(execute: callback)
        case .callerOrMain where inCall.withLock({ $0 }):
            callback()
        case .mainActor where inCall.withLock({ $0 }) && Thread.isMainThread:
            callback()
        case .callerOrMain, .mainActor:
            DispatchQueue.main.async(execute: callback)
        }
    }
}

/// Called once with the outcome of a request made with the completion API.
public typealias Completion = @Sendable (Result<Response, CourierError>) -> Void
