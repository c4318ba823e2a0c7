/// The one answer of work that runs apart from the task that waits for it (a task of its own, a
/// callback), awaited with prompt cancellation: a cancelled wait ends at once with the answer given
/// for a cancellation, and an answer that comes later is dropped.
///
/// What it is for: code of the app's own (an `async` request closure, a plugin's `adapt` or
/// `retry`) that waits on something that never looks at cancellation, such as the value of a
/// token refresh shared by every request, must not keep a cancelled request from ending.
final class PromptAnswer<Value: Sendable>: Sendable {
    private enum State: Sendable {
        case pending
        case given(Value)
        case waiting(Waiter)
        case taken
    }

    /// The waiting task's continuation, behind a reference. `CheckedContinuation` is not frozen,
    /// so a state holding it inline would have a size known only at run time, and every request,
    /// which makes and reads an answer whether or not it waits, would copy and destroy its state
    /// through value witnesses. Only a wait allocates this.
    private final class Waiter: Sendable {
        let continuation: CheckedContinuation<Value, Never>

        init(_ continuation: CheckedContinuation<Value, Never>) {
            self.continuation = continuation
        }
    }

    private let state = LockedValue(State.pending)
    /// Makes the answer a cancellation gives, only once one comes: an error made up front would
    /// cost every request an allocation.
    private let cancelled: @Sendable () -> Value

    /// An answer not given yet; a cancelled wait answers what `cancelled` makes.
    init(cancelled: @escaping @Sendable () -> Value) {
        self.cancelled = cancelled
    }

    /// Runs `work` in a task of its own and waits for its answer. A cancellation of the waiting
    /// task ends the wait at once with `cancelled` and cancels the work's task, which sees it as
    /// any `async` code does; what the work answers after that is dropped. The work's task has the
    /// waiting task's priority and task-local values. It is started by `startImmediateTask`: in the
    /// caller, on `isolation`, running there until its first suspension where the toolchain and OS
    /// allow it, so work that never suspends has answered before this awaits anything and costs no
    /// hop.
    static func runImmediately(
        cancelled: @escaping @Sendable () -> Value, isolation: isolated (any Actor)?,
        _ work: @escaping @Sendable (isolated (any Actor)?) async -> Value
    ) async -> Value {
        let answer = PromptAnswer(cancelled: cancelled)
        let working = startImmediateTask(isolation: isolation) { isolation in answer.give(await work(isolation)) }
        if let given = answer.takeIfGiven() { return given }
        return await answer.value(cancelling: working)
    }

    /// Starts `work` in a task of its own now, with no actor of its own (`work` runs where its own
    /// isolation says), and returns the wait for its answer, as
    /// ``runImmediately(cancelled:isolation:_:)`` waits, for a caller that awaits it later.
    static func start(
        cancelled: @escaping @Sendable () -> Value, _ work: @escaping @Sendable () async -> Value
    ) -> @Sendable () async -> Value {
        let answer = PromptAnswer(cancelled: cancelled)
        let working = Task { answer.give(await work()) }
        return { await answer.value(cancelling: working) }
    }

    /// Records the first answer (the work's or a cancellation) and wakes the waiter.
    func give(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            switch state {
            case .pending:
                state = .given(value)
                return nil
            case .waiting(let waiter):
                state = .taken
                return waiter.continuation
            case .given, .taken:
                return nil
            }
        }
        waiter?.resume(returning: value)
    }

    /// The answer, if it has been given.
    func takeIfGiven() -> Value? {
        state.withLock { state in
            guard case .given(let value) = state else { return nil }
            state = .taken
            return value
        }
    }

    /// Waits for the answer. A cancellation that comes first is given as the answer, and cancels
    /// `working`, the task that makes it, if there is one.
    func value(cancelling working: Task<Void, Never>? = nil) async -> Value {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let given = state.withLock { state -> Value? in
                    guard case .given(let value) = state else {
                        state = .waiting(Waiter(continuation))
                        return nil
                    }
                    state = .taken
                    return value
                }
                if let given { continuation.resume(returning: given) }
            }
        } onCancel: {
            give(cancelled())
            working?.cancel()
        }
    }
}
