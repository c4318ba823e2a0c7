import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns the callback-based `requestClosure` into an `await`, without a suspension when the closure
/// answers synchronously (as the default one does), and with prompt cancellation when it does not.
final class RequestClosureBridge: Sendable {
    typealias Outcome = Result<URLRequest, CourierError>

    private enum State {
        case pending
        case answered(Outcome)
        case waiting(CheckedContinuation<Outcome, Never>)
        case finished
    }

    private let state = LockedValue(State.pending)

    /// Runs `closure` for `endpoint` and returns the request it makes, or a cancellation failure
    /// as soon as the task is cancelled.
    static func request(
        for endpoint: Endpoint, using closure: @Sendable (Endpoint, @escaping @Sendable (Outcome) -> Void) -> Void
    ) async -> Outcome {
        let bridge = RequestClosureBridge()
        closure(endpoint) { bridge.answer($0) }
        if let outcome = bridge.takeSynchronousAnswer() { return outcome }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                bridge.wait(continuation)
            }
        } onCancel: {
            bridge.answer(.failure(.cancelled))
        }
    }

    private func takeSynchronousAnswer() -> Outcome? {
        state.withLock { state in
            guard case .answered(let outcome) = state else { return nil }
            state = .finished
            return outcome
        }
    }

    private func wait(_ continuation: CheckedContinuation<Outcome, Never>) {
        let ready: Outcome? = state.withLock { state in
            if case .answered(let outcome) = state {
                state = .finished
                return outcome
            }
            if Task.isCancelled {
                state = .finished
                return .failure(.cancelled)
            }
            state = .waiting(continuation)
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }

    /// Records the first answer (the closure's or a cancellation); later ones are ignored.
    private func answer(_ outcome: Outcome) {
        let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
            switch state {
            case .pending:
                state = .answered(outcome)
                return nil
            case .waiting(let continuation):
                state = .finished
                return continuation
            case .answered, .finished:
                return nil
            }
        }
        waiter?.resume(returning: outcome)
    }
}
