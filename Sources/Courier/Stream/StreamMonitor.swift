/// Collects what a streamed response's reader took, across reconnections, and reports one
/// ``StreamSummary`` when it ends: when the reading view finishes, or when everything that could
/// read the body is gone.
final class StreamMonitor: Sendable {
    typealias Report = @Sendable (StreamSummary) -> Void

    private struct State {
        var isFinished = false
        var reconnections = 0
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
