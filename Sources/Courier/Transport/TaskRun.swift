import Foundation

/// One `URLSessionTask` run for an async caller: starts the task, resumes the caller exactly once,
/// and on cancellation ends the caller's wait at once and cancels the task through
/// ``TaskCanceller``, never from inside the cancellation handler.
///
/// A handler finishes the run with ``finish(_:)`` from its callbacks. Cancellation and the
/// handler's own finish race; whichever claims the run first decides the outcome, and the other
/// does nothing (a download's handler cleans up after a cancellation that won).
final class TaskRun<Value: Sendable>: Sendable {
    private struct State {
        var task: URLSessionTask?
        var continuation: CheckedContinuation<Value, any Error>?
        /// Finished, or about to be: nothing else may resume the caller.
        var isClaimed = false
        var isCancelled = false
        /// The `401` of a challenge the session delegate declined.
        var declined: HTTPURLResponse?
    }

    private let state = LockedValue(State())

    /// Creates the task with `start`, resumes it, and waits for ``finish(_:)`` or cancellation.
    /// - Parameters:
    ///   - start: Creates the task and registers its handler; not called when the caller is
    ///     already cancelled. What it throws ends the run.
    ///   - whenCancelled: Runs once if the caller is cancelled before the run finished, inside the
    ///     cancellation handler, and returns the error the caller's wait ends with
    ///     (`URLError(.cancelled)`, which a download's may carry a resume point on): keep it short
    ///     and never wait for the network in it.
    /// - Throws: What `whenCancelled` returns when cancelled, or what the handler finished with.
    func perform(
        _ start: () throws -> URLSessionTask,
        whenCancelled: @escaping @Sendable () -> any Error = { URLError(.cancelled) }
    ) async throws -> Value {
        let value = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let isCancelled = state.withLock { state -> Bool in
                    guard !state.isCancelled else { return true }
                    state.continuation = continuation
                    return false
                }
                if isCancelled {
                    continuation.resume(throwing: URLError(.cancelled))
                    return
                }
                do {
                    let task = try start()
                    let cancelledMeanwhile = state.withLock { state -> Bool in
                        state.task = task
                        return state.isCancelled
                    }
                    task.resume()
                    if cancelledMeanwhile { TaskCanceller.cancel(task) }
                } catch {
                    finish(.failure(error))
                }
            }
        } onCancel: {
            cancel(whenCancelled)
        }
        // The value was made on a delegate thread before `finish` took this lock. The continuation
        // orders the two already, but when it is resumed before the caller has suspended, that
        // order is kept by atomics ThreadSanitizer cannot see (swiftlang/swift#57803), and it
        // reported the value's first use here as a race. Taking the lock once makes the order one
        // it can see, for the cost of an uncontended lock per transfer.
        state.withLock { _ in }
        return value
    }

    /// Ends the caller's wait with `result`. Returns `false`, doing nothing, when the run had
    /// already finished or been cancelled.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        finish { result }
    }

    /// Claims the run, then computes the outcome with `outcome` (outside the lock) and ends the
    /// caller's wait with it. Returns `false`, without calling `outcome`, when the run had already
    /// finished or been cancelled.
    @discardableResult
    func finish(_ outcome: () -> Result<Value, any Error>) -> Bool {
        let isFirst = state.withLock { state -> Bool in
            defer { state.isClaimed = true }
            return !state.isClaimed
        }
        guard isFirst else { return false }
        let result = outcome()
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
        return true
    }

    /// Cancels the task (through ``TaskCanceller``); unless the run had finished, runs
    /// `whenCancelled` and ends the caller's wait with the error it returns.
    func cancel(_ whenCancelled: @Sendable () -> any Error = { URLError(.cancelled) }) {
        let (task, claimed) = state.withLock { state -> (URLSessionTask?, Bool) in
            state.isCancelled = true
            defer { state.isClaimed = true }
            return (state.task, !state.isClaimed)
        }
        if let task { TaskCanceller.cancel(task) }
        guard claimed else { return }
        let error = whenCancelled()
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: error)
    }

    /// Whether the caller cancelled the run.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Keeps the `401` of a declined challenge, for ``declinedChallenge(endingWith:)``.
    func decline(_ response: HTTPURLResponse) {
        state.withLock { $0.declined = response }
    }

    /// The `401` that ended the task, when `error` is the cancellation of a declined challenge
    /// rather than the caller's; otherwise `nil`.
    func declinedChallenge(endingWith error: any Error) -> HTTPURLResponse? {
        guard (error as? URLError)?.code == .cancelled else { return nil }
        return state.withLock { $0.isCancelled ? nil : $0.declined }
    }
}
