import Courier

/// One token refresh that any number of requests wait for. It ends with its result, with a
/// timeout, or when every waiting request has left; a refresh that ends early is cancelled.
final class TokenRefresh: Sendable {
    typealias Outcome = Result<String, TokenRefreshError>

    /// What a waiting request is woken with.
    private enum Wake {
        case ended(Outcome)
        case cancelled
        case abandoned
    }

    private enum State {
        case running(waiters: [UInt64: CheckedContinuation<Wake, Never>], lastID: UInt64)
        /// Ended with an outcome, or abandoned (`nil`) when every waiter left.
        case ended(Outcome?)
    }

    private let state = LockedValue(State.running(waiters: [:], lastID: 0))
    private let tasks = LockedValue<[Task<Void, Never>]>([])

    /// Starts the refresh: `refresh(rejected)` runs in its own task, `finished` hears its
    /// outcome before any waiter does, and a refresh still running after `timeout` fails with
    /// `URLError(.timedOut)`.
    init(
        replacing rejected: String?, timeout: Duration, refresh: @escaping AccessTokenStore.Refresh,
        finished: @escaping @Sendable (TokenRefresh, Outcome) async -> Void
    ) {
        let work = Task { [weak self] in
            let outcome: Outcome
            do {
                outcome = .success(try await refresh(rejected))
            } catch {
                outcome = .failure(error as? TokenRefreshError ?? TokenRefreshError(underlying: error))
            }
            guard let self, !self.isOver else { return }
            await finished(self, outcome)
            self.end(outcome)
        }
        let timer = Task { [weak self] in
            // An app's "no limit" (`.seconds(Int64.max)`) would trap in the clock's deadline arithmetic.
            guard (try? await Task.sleep(for: min(timeout, .longestWait))) != nil, let self, !self.isOver else {
                return
            }
            let outcome = Outcome.failure(TokenRefreshError(underlying: Self.timedOut(after: timeout)))
            self.end(outcome)
            await finished(self, outcome)
        }
        tasks.withLock { $0 = [work, timer] }
    }

    /// Whether the refresh has ended or was abandoned.
    var isOver: Bool {
        state.withLock { if case .ended = $0 { true } else { false } }
    }

    /// How many requests wait for the refresh.
    var waiterCount: Int {
        state.withLock { if case .running(let waiters, _) = $0 { waiters.count } else { 0 } }
    }

    /// Waits for the new token; `nil` when the refresh was abandoned before this caller could
    /// join. A cancelled caller stops waiting at once, and the last one to leave cancels the
    /// refresh.
    /// - Throws: ``TokenRefreshError`` when the refresh failed or timed out; `CancellationError`
    ///   when the calling task is cancelled.
    func token() async throws -> String? {
        let id = state.withLock { state -> UInt64 in
            guard case .running(let waiters, let lastID) = state else { return 0 }
            state = .running(waiters: waiters, lastID: lastID + 1)
            return lastID + 1
        }
        let wake = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                join(id, continuation)
            }
        } onCancel: {
            leave(id)
        }
        switch wake {
        case .ended(let outcome): return try outcome.get()
        case .cancelled: throw CancellationError()
        case .abandoned: return nil
        }
    }

    private func join(_ id: UInt64, _ continuation: CheckedContinuation<Wake, Never>) {
        // Task.cancel() sets the flag before it runs `leave`, so checking it under the lock means
        // a cancellation is never lost between the two. A caller cancelled before it joined
        // leaves as `leave` would: when nobody else waits, the refresh is abandoned.
        let (wake, abandoned) = state.withLock { state -> (Wake?, Bool) in
            switch state {
            case .ended(let outcome?): return (.ended(outcome), false)
            case .ended(nil): return (.abandoned, false)
            case .running(var waiters, let lastID):
                if Task.isCancelled {
                    if waiters.isEmpty { state = .ended(nil) }
                    return (.cancelled, waiters.isEmpty)
                }
                waiters[id] = continuation
                state = .running(waiters: waiters, lastID: lastID)
                return (nil, false)
            }
        }
        if let wake { continuation.resume(returning: wake) }
        if abandoned { cancelTasks() }
    }

    private func leave(_ id: UInt64) {
        let (waiter, abandoned) = state.withLock { state -> (CheckedContinuation<Wake, Never>?, Bool) in
            guard case .running(var waiters, let lastID) = state, let waiter = waiters.removeValue(forKey: id) else {
                return (nil, false)
            }
            state = waiters.isEmpty ? .ended(nil) : .running(waiters: waiters, lastID: lastID)
            return (waiter, waiters.isEmpty)
        }
        waiter?.resume(returning: .cancelled)
        if abandoned { cancelTasks() }
    }

    /// Wakes every waiter with `outcome` and stops what still runs.
    private func end(_ outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Wake, Never>] in
            guard case .running(let waiters, _) = state else { return [] }
            state = .ended(outcome)
            return Array(waiters.values)
        }
        for waiter in waiters {
            waiter.resume(returning: .ended(outcome))
        }
        cancelTasks()
    }

    private func cancelTasks() {
        for task in tasks.withLock({ $0 }) {
            task.cancel()
        }
    }

    /// `URLError(.timedOut)` naming the store option that set the limit.
    private static func timedOut(after timeout: Duration) -> URLError {
        URLError(
            .timedOut,
            userInfo: [NSLocalizedDescriptionKey: "The refresh took longer than its \(timeout) limit (refreshTimeout)."]
        )
    }
}
