import Dispatch
import Foundation

/// The completion API's one bridge to the pipeline, for ``Provider`` and every ``ProviderType``.
///
/// It runs the request in the `request` call as far as it goes without suspending, hands the rest
/// to a task on the caller's isolation that the returned ``Cancellable`` cancels (started with
/// `startImmediateTask(isolation:_:)`, so where the toolchain and OS can start a task immediately
/// it runs in the call until it really suspends), and calls back where the caller's code can use its own
/// state (see ``Destination``).
final class CompletionDelivery: Sendable {
    /// Where callbacks run.
    enum Destination: Sendable {
        /// On the caller's actor (a view model's main actor, say): in the call when the outcome is
        /// ready before it returns, else from the task, which runs on that actor too.
        case actor(any Actor)
        /// For a caller isolated to no actor, on this queue (the request's, else the provider's),
        /// always later.
        case queue(DispatchQueue)
        /// For a caller isolated to no actor and no queue, Moya's rule: in the call when the outcome
        /// is ready before it returns (an immediate stub), so a test can assert right after the
        /// call; otherwise on the main queue.
        case callerOrMain

        /// Where a caller on `isolation` with the callback queue `queue` is called back.
        init(isolation: (any Actor)?, queue: DispatchQueue?) {
            if let isolation {
                self = .actor(isolation)
            } else if let queue {
                self = .queue(queue)
            } else {
                self = .callerOrMain
            }
        }
    }

    /// Where the `request` call stands.
    private enum Phase {
        /// Still running the request in the call.
        case inCall
        /// Still in the call, with the outcome kept for ``callerReturned()``.
        case ready(Result<Response, CourierError>)
        /// The call has returned.
        case returned
    }

    private struct State {
        var phase = Phase.inCall

        /// The latest progress event not yet delivered, where events wait (they only rise, so a
        /// later one replaces an earlier one).
        var progress: ProgressResponse?
        /// Whether a task to deliver `progress` on the caller's actor is on its way.
        var progressScheduled = false
    }

    private let destination: Destination
    /// Set when the request exchanged anything with a transport.
    private let exchanged = NetworkExchangeMark()
    private let callbacks: CallerIsolated<(completion: Completion, progress: ProgressBlock?)>
    private let state = LockedValue(State())

    private init(_ destination: Destination, completion: @escaping Completion, progress: ProgressBlock?) {
        self.destination = destination
        self.callbacks = CallerIsolated((completion, progress))
    }

    /// Starts a request for a caller on `isolation`: `run` goes as far as it can in the call,
    /// given a reporter for its progress events when there is a `progress` block; what remains
    /// runs in a task on `isolation`.
    static func start(
        isolation: isolated (any Actor)?, queue: DispatchQueue?, task: HTTPTask, progress: ProgressBlock?,
        completion: @escaping Completion, run: (ProgressReporter?) -> SynchronousRun
    ) -> any Cancellable {
        let delivery = CompletionDelivery(
            Destination(isolation: isolation, queue: queue), completion: completion, progress: progress)
        let reporter = progress == nil ? nil : ProgressReporter(for: task) { delivery.post($0) }
        let token = CancellableToken()
        switch run(reporter) {
        case .finished(let result):
            reporter?.close()
            delivery.finish(result)
        case .suspended(let rest):
            let task = startImmediateTask(isolation: isolation) { isolation in
                let result = await NetworkExchangeMark.$current.withValue(delivery.exchanged) { await rest(isolation) }
                reporter?.close()
                delivery.finish(result)
            }
            token.attach { task.cancel() }
        }
        delivery.callerReturned()
        return token
    }

    /// Delivers the outcome, after any progress event still waiting: on the caller's actor (this
    /// runs there), on the queue, or kept for ``callerReturned()`` while the call runs, or on the
    /// main queue.
    private func finish(_ result: Result<Response, CourierError>) {
        let callbacks = callbacks
        switch destination {
        case .actor:
            deliverWaitingProgress()
            callbacks.value.completion(result)
        case .queue(let queue):
            queue.async { callbacks.value.completion(result) }
        case .callerOrMain:
            // In the call only when no exchange with a transport took place (an immediate stub): a
            // transport may answer from another thread before the call returns, and a real exchange
            // never completes inside `request`, as with Moya, where a caller may hold a lock its
            // completion takes.
            let exchanged = exchanged.isSet
            let kept = state.withLock { state -> Bool in
                guard case .inCall = state.phase, !exchanged else { return false }
                state.phase = .ready(result)
                return true
            }
            if !kept { DispatchQueue.main.async { callbacks.value.completion(result) } }
        }
    }

    /// The `request` call is returning: delivers, in the call, what is ready; progress that waits
    /// for the caller's actor gets a task to deliver it.
    private func callerReturned() {
        let (ready, scheduleProgress) = state.withLock { state -> (Result<Response, CourierError>?, Bool) in
            defer { state.phase = .returned }
            let ready: Result<Response, CourierError>? =
                if case .ready(let result) = state.phase { result } else { nil }
            guard case .actor = destination, state.progress != nil, !state.progressScheduled else {
                return (ready, false)
            }
            state.progressScheduled = true
            return (ready, true)
        }
        if case .callerOrMain = destination {
            deliverWaitingProgress()
            if let ready { callbacks.value.completion(ready) }
        }
        if scheduleProgress { deliverProgressLater() }
    }

    /// Hands a progress event on: to the queue at once, in order; to the main queue once the
    /// call has returned; otherwise kept as the latest, for the call or for a task on the caller's
    /// actor to deliver.
    private func post(_ event: ProgressResponse) {
        let callbacks = callbacks
        if case .queue(let queue) = destination {
            queue.async { callbacks.value.progress?(event) }
            return
        }
        let schedule = state.withLock { state -> Bool? in
            if case .callerOrMain = destination, case .returned = state.phase { return nil }
            state.progress = event
            guard case .returned = state.phase, !state.progressScheduled else { return false }
            state.progressScheduled = true
            return true
        }
        switch schedule {
        case nil: DispatchQueue.main.async { callbacks.value.progress?(event) }
        case true?: deliverProgressLater()
        case false?: break
        }
    }

    /// Starts a task on the caller's actor that delivers the latest waiting event.
    private func deliverProgressLater() {
        guard case .actor(let actor) = destination else { return }
        Task { await Self.deliverWaitingProgress(of: self, on: actor) }
    }

    /// Delivers the waiting event of `delivery` on `actor`, the caller's.
    private static func deliverWaitingProgress(of delivery: CompletionDelivery, on actor: isolated any Actor) {
        delivery.deliverWaitingProgress()
    }

    /// Delivers the latest waiting progress event, if there is one. Runs on the caller's actor,
    /// or in the call.
    private func deliverWaitingProgress() {
        let event = state.withLock { state -> ProgressResponse? in
            defer { (state.progress, state.progressScheduled) = (nil, false) }
            return state.progress
        }
        if let event { callbacks.value.progress?(event) }
    }
}

/// Called once with the outcome of a request made with the completion API, where
/// ``Provider/request(_:callbackQueue:progress:completion:isolation:)`` says: on the caller's
/// actor, or for code isolated to none on the callback queue or as Moya calls back.
public typealias Completion = (Result<Response, CourierError>) -> Void

/// Marks that a request exchanged something with a transport, for ``CompletionDelivery``, which
/// never calls a completion inside `request` after a real exchange. Set by the pipeline's send
/// step through the task-local ``current``.
final class NetworkExchangeMark: Sendable {
    /// The mark of the completion-API request the current task runs, if any.
    @TaskLocal static var current: NetworkExchangeMark?

    private let mark = LockedValue(false)

    /// Whether a transport was asked.
    var isSet: Bool { mark.withLock { $0 } }

    /// A transport is being asked.
    func set() {
        mark.withLock { $0 = true }
    }
}
