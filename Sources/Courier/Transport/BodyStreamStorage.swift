import Foundation

/// The shared state of a ``ResponseBodyStream``: a queue of chunks bounded by a byte limit, one
/// waiting reader (a second one, from another task at the same time, is refused), and the
/// writer's demand and termination actions.
final class BodyStreamStorage: Sendable {
    private struct State {
        var chunks: [Data] = []
        var head = 0
        var bufferedBytes = 0
        /// The writer was told to pause and waits for ``onDemand``.
        var isPaused = false
        /// The writer finished; `error` is thrown once the chunks are read.
        var isFinished = false
        var error: (any Error)?
        /// The reader left before the end.
        var isTerminated = false
        var waiter: CheckedContinuation<Data?, any Error>?
        var onDemand: (@Sendable () -> Void)?
        var onTermination: (@Sendable () -> Void)?
    }

    private let bufferLimit: Int
    private let state = LockedValue(State())

    init(bufferLimit: Int) {
        self.bufferLimit = bufferLimit
    }

    var isTerminated: Bool { state.withLock { $0.isTerminated } }

    // MARK: - Writer

    func yield(_ chunk: Data) -> Bool {
        guard !chunk.isEmpty else { return !isTerminated }
        let (waiter, keepWriting) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool) in
            guard !state.isTerminated, !state.isFinished else { return (nil, false) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, true)
            }
            state.chunks.append(chunk)
            state.bufferedBytes += chunk.count
            if state.bufferedBytes >= bufferLimit { state.isPaused = true }
            return (nil, !state.isPaused)
        }
        waiter?.resume(returning: chunk)
        return keepWriting
    }

    func finish(_ error: (any Error)?) {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard !state.isFinished, !state.isTerminated else { return nil }
            state.isFinished = true
            state.error = error
            state.onDemand = nil
            state.onTermination = nil
            defer { state.waiter = nil }
            return state.waiter
        }
        guard let waiter else { return }
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
    }

    func setOnDemand(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onDemand = action }
    }

    func setOnTermination(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard !state.isTerminated else { return !state.isFinished }
            state.onTermination = action
            return false
        }
        if runNow { action() }
    }

    // MARK: - Reader

    func next() async throws -> Data? {
        if let ready = takeReady() { return try ready.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wait(continuation)
            }
        } onCancel: {
            terminate()
        }
    }

    /// The stream is terminated: the writer stops, a waiting reader throws `CancellationError`.
    func terminate() {
        let (waiter, action) = state.withLock {
            state -> (CheckedContinuation<Data?, any Error>?, (@Sendable () -> Void)?) in
            guard !state.isTerminated else { return (nil, nil) }
            state.isTerminated = true
            state.chunks = []
            state.head = 0
            state.bufferedBytes = 0
            let action = state.isFinished ? nil : state.onTermination
            state.onTermination = nil
            state.onDemand = nil
            defer { state.waiter = nil }
            return (state.waiter, action)
        }
        waiter?.resume(throwing: CancellationError())
        action?()
    }

    /// A chunk or the end when one is ready without waiting; `nil` when the reader must wait.
    private func takeReady() -> Result<Data?, any Error>? {
        let (outcome, demand) = state.withLock { state -> (Result<Data?, any Error>?, (@Sendable () -> Void)?) in
            take(&state)
        }
        demand?()
        return outcome
    }

    private func wait(_ continuation: CheckedContinuation<Data?, any Error>) {
        let (outcome, demand) = state.withLock { state -> (Result<Data?, any Error>?, (@Sendable () -> Void)?) in
            let ready = take(&state)
            if ready.0 != nil { return ready }
            if Task.isCancelled {
                // The cancellation handler may have run before the continuation existed.
                return (.failure(CancellationError()), nil)
            }
            // One reader at a time: replacing the waiting one would leave it waiting forever.
            if state.waiter != nil { return (.failure(StreamError.alreadyRead), nil) }
            state.waiter = continuation
            return (nil, nil)
        }
        demand?()
        if let outcome { continuation.resume(with: outcome) }
    }

    /// Takes the next chunk, the end or the error from `state`, and the demand action when taking
    /// the chunk brought a paused buffer down to half its limit.
    private func take(_ state: inout State) -> (Result<Data?, any Error>?, (@Sendable () -> Void)?) {
        if state.isTerminated { return (.failure(CancellationError()), nil) }
        if state.head < state.chunks.count {
            let chunk = state.chunks[state.head]
            state.head += 1
            state.bufferedBytes -= chunk.count
            if state.head == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 64, state.head * 2 >= state.chunks.count {
                state.chunks.removeFirst(state.head)
                state.head = 0
            }
            var demand: (@Sendable () -> Void)?
            if state.isPaused, state.bufferedBytes <= bufferLimit / 2 {
                state.isPaused = false
                demand = state.onDemand
            }
            return (.success(chunk), demand)
        }
        if state.isFinished {
            // The end is reported once; after it, the body reads as finished.
            if let error = state.error {
                state.error = nil
                return (.failure(error), nil)
            }
            return (.success(nil), nil)
        }
        return (nil, nil)
    }
}
