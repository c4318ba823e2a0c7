import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one `URLSessionTask`'s delegate callbacks tell of its metrics, for ``TransportResponse/metrics``:
/// on Apple platforms the task's `URLSessionTaskMetrics`, as ``SessionDelegate`` converts them;
/// where none arrive (FoundationNetworking never reports them, swift-corelibs-foundation#4988),
/// the redirects the delegate followed and Courier's own clock around the task.
///
/// The metrics must have arrived when the task completes: URLSession reports them just before. A
/// task whose metrics came later answers with the fallback rather than wait, so a missing metrics
/// callback never holds a request up.
final class TaskMetricsRecorder: Sendable {
    private struct State {
        var redirects = 0
        var reported: TransferMetrics?
    }

    private let state = LockedValue(State())
    /// When the transfer was set up, just before its task was made and resumed.
    private let start = ContinuousClock.now

    /// The delegate followed a redirect.
    func redirected() {
        state.withLock { $0.redirects += 1 }
    }

    /// URLSession reported the task's metrics.
    func collected(_ metrics: TransferMetrics) {
        state.withLock { $0.reported = metrics }
    }

    /// The task's metrics, now that it completed.
    func metrics() -> TransferMetrics {
        let end = ContinuousClock.now
        return state.withLock { state in
            state.reported ?? TransferMetrics(redirectCount: state.redirects, duration: end - start)
        }
    }
}
