/// Collects what a streamed response's reader took, across reconnections, and reports one
/// ``StreamSummary`` when it ends: when the reading view finishes, or when everything that could
/// read the body is gone. It also stops the stream for ``StreamedResponse/cancel()``, whichever
/// connection is being read.
final class StreamMonitor: Sendable {
    typealias Report = @Sendable (StreamSummary) -> Void

    private struct State {
        var isFinished = false
        var reconnections = 0
        /// ``cancel()`` was called: every connection of the stream, now or later, is stopped.
        var isCancelled = false
        /// The body of the stream's latest connection.
        var body: ResponseBodyStream?
        /// The wait before a reconnection, while it runs.
        var wait: Task<Void, any Error>?
    }

    private let statusCode: Int
    private let startedAt = ContinuousClock.now
    private let report: Report
    private let state = LockedValue(State())

    /// A monitor for a head with `statusCode` that has just arrived.
    init(statusCode: Int, report: @escaping Report) {
        self.statusCode = statusCode
        self.report = report
    }

    /// A monitor that reports to nobody.
    static func silent(statusCode: Int) -> StreamMonitor {
        StreamMonitor(statusCode: statusCode) { _ in }
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// `body` is the stream's latest connection: ``cancel()`` stops it, at once if it was called
    /// already.
    func adopt(_ body: ResponseBodyStream) {
        let isCancelled = state.withLock { state -> Bool in
            state.body = body
            return state.isCancelled
        }
        if isCancelled { body.cancel() }
    }

    /// Stops the stream's latest connection, and any later one, and ends a wait before a
    /// reconnection.
    func cancel() {
        let (body, wait) = state.withLock { state in
            state.isCancelled = true
            return (state.body, state.wait)
        }
        body?.cancel()
        wait?.cancel()
    }

    /// Runs `sleep`, the wait before a reconnection, so that ``cancel()`` ends it at once, as
    /// cancelling the reading task does.
    /// - Throws: `CancellationError` when it was ended early; what `sleep` throws.
    func wait(_ sleep: @escaping @Sendable () async throws -> Void) async throws {
        let wait = Task { try await sleep() }
        let isCancelled = state.withLock { state -> Bool in
            state.wait = wait
            return state.isCancelled
        }
        defer { state.withLock { $0.wait = nil } }
        if isCancelled { wait.cancel() }
        try await withTaskCancellationHandler {
            try await wait.value
        } onCancel: {
            wait.cancel()
        }
    }

    /// Counts one reconnection.
    func reconnected() {
        state.withLock { $0.reconnections += 1 }
    }

    /// Reports the end, once; later calls do nothing.
    func finish(_ outcome: StreamSummary.Outcome, bytes: Int, events: Int) {
        let reconnections = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            return state.reconnections
        }
        guard let reconnections else { return }
        report(
            StreamSummary(
                statusCode: statusCode, bytes: bytes, events: events, reconnections: reconnections,
                duration: ContinuousClock.now - startedAt, outcome: outcome))
    }

    deinit {
        finish(.cancelled, bytes: 0, events: 0)
    }
}
