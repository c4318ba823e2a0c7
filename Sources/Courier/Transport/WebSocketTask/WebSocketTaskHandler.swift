#if !canImport(FoundationNetworking)
    import Foundation

    /// What one `URLSessionWebSocketTask` hears from ``SessionDelegate`` (Apple platforms): the
    /// handshake's end, the server's close, the task's completion. The opener waits for the first;
    /// the channel for the others.
    final class WebSocketTaskHandler: Sendable {
        /// How the handshake ended.
        enum Opening: Sendable {
            case opened(subprotocol: String?)
            case failed(any Error)
        }

        private struct State {
            var opening: Opening?
            var openWaiter: CheckedContinuation<Opening, Never>?
            /// The server's close frame: its code and reason.
            var close: (code: Int, reason: Data?)?
            var completion: (any Error)??
            var completionWaiters: [CheckedContinuation<Void, Never>] = []
            /// The `401` of a declined authentication challenge.
            var declined: HTTPURLResponse?
        }

        private let state = LockedValue(State())

        /// The handshake ended with `opening` (the first call counts).
        func open(_ opening: Opening) {
            let waiter = state.withLock { state -> CheckedContinuation<Opening, Never>? in
                guard state.opening == nil else { return nil }
                state.opening = opening
                defer { state.openWaiter = nil }
                return state.openWaiter
            }
            waiter?.resume(returning: opening)
        }

        /// Waits for the handshake's end; a cancellation of the waiting task ends the wait at once
        /// and calls `onCancel`.
        func opening(onCancel: @escaping @Sendable () -> Void) async -> Opening {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> Opening? in
                        if let opening = state.opening { return opening }
                        state.openWaiter = continuation
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                open(.failed(CancellationError()))
                onCancel()
            }
        }

        /// The server closed with `code` and `reason`.
        func closed(code: Int, reason: Data?) {
            state.withLock { $0.close = (code, reason) }
        }

        /// The server's close, if one came.
        var serverClose: (code: Int, reason: Data?)? { state.withLock { $0.close } }

        /// The task completed, with `error` when it failed.
        func complete(_ error: (any Error)?) {
            open(.failed(error ?? URLError(.networkConnectionLost)))
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.completion = .some(error)
                defer { state.completionWaiters.removeAll() }
                return state.completionWaiters
            }
            for waiter in waiters { waiter.resume() }
        }

        /// Whether the task has completed.
        var hasCompleted: Bool { state.withLock { $0.completion != nil } }

        /// Waits until the task completes.
        func completion() async {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state -> Bool in
                    if state.completion != nil { return true }
                    state.completionWaiters.append(continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        }

        /// The server refused the handshake with a `401` the delegate declined.
        func decline(_ response: HTTPURLResponse) {
            state.withLock { $0.declined = response }
        }

        /// The `401` of a declined challenge, if there was one.
        var declined: HTTPURLResponse? { state.withLock { $0.declined } }
    }
#endif
