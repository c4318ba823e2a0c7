/// Turns a transport's byte counts into ``ProgressResponse`` events that only rise and that reach
/// completion exactly once, in the final event that carries the response.
///
/// Events are handed to `deliver` under the reporter's lock, so that a listener on a serial
/// queue sees them in order even when transports report from several threads. `deliver` must
/// therefore be quick and must not call back into the reporter.
final class ProgressReporter: Sendable {
    private let direction: TransferProgress.Direction
    private let deliver: @Sendable (ProgressResponse) -> Void
    private let state = LockedValue(State())

    private struct State {
        /// The bytes and fraction of the last event delivered.
        var delivered: Int64 = -1
        var fraction = 0.0
        /// The most bytes and the last total reported, including counts held back.
        var seen: Int64 = 0
        var total: Int64?
        var finished = false
    }

    /// A reporter for the bytes going `direction`, handing events to `deliver`.
    init(direction: TransferProgress.Direction, deliver: @escaping @Sendable (ProgressResponse) -> Void) {
        self.direction = direction
        self.deliver = deliver
    }

    /// A reporter for `task`: uploads report the bytes sent, everything else the bytes received.
    convenience init(for task: HTTPTask, deliver: @escaping @Sendable (ProgressResponse) -> Void) {
        self.init(direction: Self.direction(of: task), deliver: deliver)
    }

    /// `.upload` for upload tasks, `.download` for the rest.
    static func direction(of task: HTTPTask) -> TransferProgress.Direction {
        switch task {
        case .uploadFile, .uploadMultipartFormData, .uploadCompositeMultipartFormData: .upload
        default: .download
        }
    }

    /// The handler given to the transport.
    var transferHandler: @Sendable (TransferProgress) -> Void {
        { [self] progress in report(progress) }
    }

    /// Reports `progress` when it goes this reporter's way and has risen, in bytes and in
    /// fraction. A count that reaches the total is held back: only the final event says 1.0.
    func report(_ progress: TransferProgress) {
        guard progress.direction == direction else { return }
        state.withLock { state in
            guard !state.finished else { return }
            state.seen = max(state.seen, progress.completedBytes)
            if let total = progress.totalBytes {
                state.total = total
                if progress.completedBytes >= total { return }
            }
            let event = ProgressResponse(
                completedUnitCount: progress.completedBytes, totalUnitCount: progress.totalBytes)
            guard progress.completedBytes > state.delivered, event.progress >= state.fraction else { return }
            state.delivered = progress.completedBytes
            state.fraction = event.progress
            deliver(event)
        }
    }

    /// Ends the reporter without an event, for a request that failed or was cancelled: a transport
    /// that reports after it answered (a cancelled task winding down) reaches no listener, so no
    /// progress callback follows the completion.
    func close() {
        state.withLock { $0.finished = true }
    }

    /// Sends the final event, once: all bytes done, total equal to them, and the response.
    func finish(with response: Response) {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            let size =
                switch direction {
                case .upload: max(state.seen, state.total ?? 0)
                case .download: max(state.seen, Int64(response.data.count))
                }
            deliver(ProgressResponse(completedUnitCount: size, totalUnitCount: size, response: response))
        }
    }
}
