import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Lets identical concurrent requests share one exchange (`trackInflights`).
///
/// Joining and finishing happen under one lock, so a request either joins an exchange that has not
/// yet handed out its result, or starts a new one: it can never miss the answer. Each caller can
/// cancel on its own; the shared exchange is cancelled only when every caller has left.
final class InflightRegistry: Sendable {
    typealias Outcome = Result<Response, CourierError>

    private struct Group {
        let generation: UInt64
        var waiters: [UInt64: CheckedContinuation<Outcome, Never>] = [:]
        var task: Task<Void, Never>?
    }

    private struct State {
        var groups: [InflightKey: Group] = [:]
        var nextID: UInt64 = 0
    }

    private let state = LockedValue(State())

    /// Whether an exchange for `key` is in flight, so that a new request would join it.
    func isRunning(_ key: InflightKey) -> Bool {
        state.withLock { $0.groups[key] != nil }
    }

    /// Runs `operation` for `key`, or waits for the run already in flight for it. A run is a task
    /// of its own, on the isolation of the caller that started it.
    func run(
        _ key: InflightKey, isolation: isolated (any Actor)?,
        operation: @escaping (isolated (any Actor)?) async -> Outcome
    ) async -> Outcome {
        let waiterID = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                join(key, waiterID: waiterID, continuation: continuation, isolation: isolation, operation: operation)
            }
        } onCancel: {
            leave(key, waiterID: waiterID)
        }
    }

    private func join(
        _ key: InflightKey, waiterID: UInt64, continuation: CheckedContinuation<Outcome, Never>,
        isolation: isolated (any Actor)?, operation: @escaping (isolated (any Actor)?) async -> Outcome
    ) {
        // Task.cancel() sets the flag before it runs `leave`, so checking it under the lock means
        // a cancellation is never lost between the two.
        let generation: UInt64? = state.withLock { state in
            if Task.isCancelled { return nil }
            if state.groups[key] != nil {
                state.groups[key]?.waiters[waiterID] = continuation
                return 0
            }
            state.groups[key] = Group(generation: waiterID, waiters: [waiterID: continuation])
            return waiterID
        }
        guard let generation else {
            continuation.resume(returning: .failure(.cancelled))
            return
        }
        guard generation != 0 else { return }
        let task = Task {
            // Captures `isolation`, so that the run is isolated to it (SE-0420): the caller's.
            let outcome = await operation(isolation)
            self.finish(key, generation: generation, with: outcome)
        }
        let orphaned = state.withLock { state -> Bool in
            guard state.groups[key]?.generation == generation else { return true }
            state.groups[key]?.task = task
            return false
        }
        if orphaned { task.cancel() }
    }

    private func finish(_ key: InflightKey, generation: UInt64, with outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
            guard let group = state.groups[key], group.generation == generation else { return [] }
            state.groups[key] = nil
            return Array(group.waiters.values)
        }
        for waiter in waiters {
            waiter.resume(returning: outcome)
        }
    }

    private func leave(_ key: InflightKey, waiterID: UInt64) {
        let (waiter, abandoned) = state.withLock {
            state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) in
            guard var group = state.groups[key], let waiter = group.waiters.removeValue(forKey: waiterID) else {
                return (nil, nil)
            }
            if group.waiters.isEmpty {
                state.groups[key] = nil
                return (waiter, group.task)
            }
            state.groups[key] = group
            return (waiter, nil)
        }
        waiter?.resume(returning: .failure(.cancelled))
        abandoned?.cancel()
    }
}

/// What makes two requests the same for `trackInflights`: method, URL, headers and body, and the
/// uploaded file or parts. Downloads are never shared: each has its own destination.
struct InflightKey: Hashable, Sendable {
    let request: RequestIdentity
    let uploadFile: URL?
    let parts: [MultipartFormBodyPart]?

    init?(_ request: URLRequest, task: HTTPTask) {
        guard task.downloadDestination == nil else { return nil }
        self.request = RequestIdentity(request)
        if case .uploadFile(let file) = task { uploadFile = file } else { uploadFile = nil }
        parts = task.multipartFormData?.parts
    }
}
