/// A request that can be cancelled, returned by the completion-handler API.
public protocol Cancellable: Sendable {
    /// Whether ``cancel()`` has been called.
    var isCancelled: Bool { get }
    /// Cancels the request. Its completion is called once, with a cancellation failure, unless it
    /// had already finished. Calling it again does nothing.
    func cancel()
}

/// A ``Cancellable`` that runs an action the first time it is cancelled.
public final class CancellableToken: Cancellable, CustomDebugStringConvertible {
    private struct State {
        var isCancelled = false
        var action: (@Sendable () -> Void)?
    }

    private let state: LockedValue<State>

    /// Creates a token that runs `action` when first cancelled.
    public init(action: @escaping @Sendable () -> Void) {
        state = LockedValue(State(action: action))
    }

    /// Creates a token whose action is attached later with ``attach(_:)``.
    init() {
        state = LockedValue(State())
    }

    /// Whether the token has been cancelled.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Runs the action once; later calls do nothing.
    public func cancel() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.isCancelled else { return nil }
            state.isCancelled = true
            defer { state.action = nil }
            return state.action
        }
        action?()
    }

    /// Sets the action; runs it at once when the token was cancelled before.
    func attach(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard !state.isCancelled else { return true }
            state.action = action
            return false
        }
        if runNow { action() }
    }

    /// `CancellableToken(cancelled: true)`.
    public var debugDescription: String { "CancellableToken(cancelled: \(isCancelled))" }
}
