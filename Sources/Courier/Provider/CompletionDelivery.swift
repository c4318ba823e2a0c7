import Dispatch
import Foundation

/// The completion API's one bridge to the pipeline, for ``Provider`` and every ``ProviderType``:
/// it runs the request on the caller's thread as far as it goes without suspending, hands the
/// rest to a task that the returned ``Cancellable`` cancels (started with `startImmediateTask(_:)` where
/// the toolchain and OS have it, so that it too runs on the caller's thread until it really
/// suspends), and delivers progress and the outcome where Moya delivers them:
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

    /// Where the `request` call stands.
    private enum Phase {
        /// Still running the request on the caller's thread.
        case inCall
        /// Still in the call, with the outcome kept for ``callerReturned()``.
        case ready(Result<Response, CourierError>)
        /// The call has returned: callbacks go to the main queue.
        case returned
    }

    private let destination: Destination
    private let completion: Completion
    private let phase = LockedValue(Phase.inCall)

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
        case .suspended(let rest):
            let task = startImmediateTask { delivery.deliver(await rest()) }
            token.attach { task.cancel() }
        }
        delivery.callerReturned()
        return token
    }

    /// Delivers the outcome: on the queue, or kept for ``callerReturned()`` while the call runs, or
    /// on the main queue.
    private func deliver(_ result: Result<Response, CourierError>) {
        if case .queue(let queue) = destination {
            queue.async { self.completion(result) }
            return
        }
        let kept = phase.withLock { phase -> Bool in
            guard case .inCall = phase else { return false }
            phase = .ready(result)
            return true
        }
        if !kept { DispatchQueue.main.async { self.completion(result) } }
    }

    /// The `request` call is returning: delivers an outcome that is already there, in the call
    /// (for ``Destination/mainActor``, only on the main thread).
    private func callerReturned() {
        let ready = phase.withLock { phase -> Result<Response, CourierError>? in
            defer { phase = .returned }
            if case .ready(let result) = phase { return result }
            return nil
        }
        guard let ready else { return }
        if case .mainActor = destination, !Thread.isMainThread {
            DispatchQueue.main.async { self.completion(ready) }
        } else {
            completion(ready)
        }
    }

    private var isInCall: Bool {
        phase.withLock { phase in
            if case .returned = phase { false } else { true }
        }
    }

    /// Delivers a progress event by the same rules as the outcome.
    func deliver(_ event: ProgressResponse, to block: @escaping ProgressBlock) {
        run { block(event) }
    }

    private func run(_ callback: @escaping @Sendable () -> Void) {
        switch destination {
        case .queue(let queue):
            queue.async(execute: callback)
        case .callerOrMain where isInCall:
            callback()
        case .mainActor where isInCall && Thread.isMainThread:
            callback()
        case .callerOrMain, .mainActor:
            DispatchQueue.main.async(execute: callback)
        }
    }
}

/// Called once with the outcome of a request made with the completion API.
public typealias Completion = @Sendable (Result<Response, CourierError>) -> Void
