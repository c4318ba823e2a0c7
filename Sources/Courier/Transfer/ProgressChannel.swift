/// The shared state behind a ``ProgressSequence``: starts the request once, keeps its latest
/// progress event and its outcome, and wakes whoever waits for either.
///
/// Only the latest event is kept, so a slow reader skips intermediate events instead of letting
/// them pile up, but always sees the final one. Any number of readers may wait at once.
final class ProgressChannel: Sendable {
    typealias Outcome = Result<Response, CourierError>
    /// The request, run on the isolation it is given (that of the code that made the sequence);
    /// kept in a ``CallerIsolated`` box, as it uses the caller's target.
    typealias Operation = CallerIsolated<(ProgressReporter, _ isolation: isolated (any Actor)?) async -> Outcome>

    /// What a reader gets next.
    enum Step {
        case event(ProgressResponse, generation: Int)
        case finished(Outcome)
    }

    private struct State {
        var operation: Operation?
        var task: Task<Void, Never>?
        var isCancelled = false
        var latest: ProgressResponse?
        var generation = 0
        var outcome: Outcome?
        var waiters: [CheckedContinuation<Void, Never>] = []

        /// Changes with every event and with the outcome.
        var version: Int { generation * 2 + (outcome == nil ? 0 : 1) }

        mutating func takeWaiters() -> [CheckedContinuation<Void, Never>] {
            defer { waiters = [] }
            return waiters
        }
    }

    private let direction: TransferProgress.Direction
    /// Where the request runs: the isolation of the code that made the sequence.
    private let isolation: (any Actor)?
    private let state: LockedValue<State>

    /// A channel that runs `operation` on `isolation` when first needed.
    init(direction: TransferProgress.Direction, isolation: (any Actor)?, operation: Operation) {
        self.direction = direction
        self.isolation = isolation
        self.state = LockedValue(State(operation: operation))
    }

    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels the request, starting it first if nobody has, so that plugins hear about it.
    func cancel() {
        state.withLock { $0.isCancelled = true }
        startIfNeeded()
        state.withLock { $0.task }?.cancel()
    }

    /// The next event after `generation`, or the outcome once every event was seen. Cancelling the
    /// calling task cancels the request.
    func next(after generation: Int) async -> Step {
        await waitingCancellably { state in
            if state.generation > generation, let latest = state.latest {
                return .event(latest, generation: state.generation)
            }
            return state.outcome.map(Step.finished)
        }
    }

    /// The outcome of the request. Cancelling the calling task cancels the request.
    func outcome() async -> Outcome {
        await waitingCancellably { $0.outcome }
    }

    /// Polls until `poll` finds a value, sleeping between changes of the state.
    private func waitingCancellably<Value: Sendable>(for poll: @escaping @Sendable (State) -> Value?) async -> Value {
        startIfNeeded()
        return await withTaskCancellationHandler {
            while true {
                let (value, seen) = state.withLock { state in (poll(state), state.version) }
                if let value { return value }
                await waitForChange(from: seen)
            }
        } onCancel: {
            cancel()
        }
    }

    /// Suspends until the state changes from version `seen`.
    private func waitForChange(from seen: Int) async {
        await withCheckedContinuation { continuation in
            let changed = state.withLock { state -> Bool in
                if state.version != seen { return true }
                state.waiters.append(continuation)
                return false
            }
            if changed { continuation.resume() }
        }
    }

    private func startIfNeeded() {
        let operation = state.withLock { state -> Operation? in
            defer { state.operation = nil }
            return state.operation
        }
        guard let operation else { return }
        let reporter = ProgressReporter(direction: direction) { [self] event in publish(event) }
        let task = Task { [isolation] in
            // Cancelled before it ran: run the pipeline cancelled, so that it sends nothing.
            if isCancelled { withUnsafeCurrentTask { $0?.cancel() } }
            let outcome = await operation.value(reporter, isolation)
            if case .success(let response) = outcome { reporter.finish(with: response) }
            finish(outcome)
        }
        let cancelNow = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelNow { task.cancel() }
    }

    private func publish(_ event: ProgressResponse) {
        let waiters = state.withLock { state in
            state.latest = event
            state.generation += 1
            return state.takeWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    private func finish(_ outcome: Outcome) {
        let waiters = state.withLock { state in
            state.outcome = outcome
            state.task = nil
            return state.takeWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }
}
