/// Lets concurrent callers with the same key share one piece of work: the first runs it, the others
/// wait for its value. For the cache, the key is ``HTTPCache/coalescingKey(for:)`` and the work a
/// network exchange, so a hundred requests for one uncached URL make one request.
///
/// The first caller (the leader) runs `operation` in its own task; a caller arriving while it runs
/// waits and gets the same value. A value `isShareable` refuses (the leader was cancelled, say) is
/// given to the leader only, and the waiters start over: one of them leads a new run. A waiter that
/// is cancelled stops waiting at once with `CancellationError`; the leader's run is not disturbed.
///
/// Work that starts after a run ended is a new run: callers that want one exchange per fresh answer
/// should look in the cache again inside `operation` before going to the network.
package final class RequestCoalescer<Value: Sendable>: Sendable {
    private enum Outcome: Sendable {
        case value(Value)
        case retry
        case cancelled
    }

    private struct State: Sendable {
        var runs: [String: [Int: CheckedContinuation<Outcome, Never>]] = [:]
        var nextWaiter = 0
    }

    private let state = LockedValue(State())

    /// Creates a coalescer with nothing running.
    package init() {}

    /// How many keys have a run in progress.
    package var runningCount: Int { state.withLock { $0.runs.count } }

    /// How many callers wait for a run of another caller, over every key.
    package var waitingCount: Int { state.withLock { $0.runs.values.reduce(0) { $0 + $1.count } } }

    /// Runs `operation` for `key`, or waits for the run already in progress and returns its value.
    /// - Parameters:
    ///   - key: What makes two callers' work the same.
    ///   - isShareable: Whether a value may be handed to the waiters. Every value by default.
    ///   - operation: The work; run by at most one caller per key at a time, in that caller's task.
    /// - Throws: `CancellationError` when this caller is cancelled while waiting.
    package func run(
        key: String, isShareable: (Value) -> Bool = { _ in true }, operation: () async -> Value
    ) async throws(CancellationError) -> Value {
        while true {
            let isLeader = state.withLock { state -> Bool in
                guard state.runs[key] == nil else { return false }
                state.runs[key] = [:]
                return true
            }
            if isLeader {
                let value = await operation()
                let waiters = state.withLock { $0.runs.removeValue(forKey: key) } ?? [:]
                let outcome: Outcome = isShareable(value) ? .value(value) : .retry
                for waiter in waiters.values { waiter.resume(returning: outcome) }
                return value
            }
            switch await wait(for: key) {
            case .value(let value): return value
            case .retry: continue
            case .cancelled: throw CancellationError()
            }
        }
    }

    /// Waits for the run of `key` to end; `.retry` when it ended before this waiter joined.
    private func wait(for key: String) async -> Outcome {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let joined = state.withLock { state -> Outcome? in
                    // Checked under the lock that the handler takes, so a cancellation is never lost.
                    if Task.isCancelled { return .cancelled }
                    guard state.runs[key] != nil else { return .retry }
                    state.runs[key]?[id] = continuation
                    return nil
                }
                if let joined { continuation.resume(returning: joined) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.runs[key]?.removeValue(forKey: id) }
            waiter?.resume(returning: .cancelled)
        }
    }
}
