import Synchronization

/// Turns a transport's byte counts into ``ProgressResponse`` events that only rise and that reach
/// completion exactly once, in the final event that carries the response.
final class ProgressReporter: Sendable {
    private let direction: TransferProgress.Direction
    private let deliver: @Sendable (ProgressResponse) -> Void
    private let state = Mutex(State())

    private struct State {
        var completed: Int64 = -1
        var finished = false
    }

    /// A reporter for the bytes going `direction`, handing events to `deliver`.
    init(direction: TransferProgress.Direction, deliver: @escaping @Sendable (ProgressResponse) -> Void) {
        self.direction = direction
        self.deliver = deliver
    }

    /// A reporter for `task`: uploads report the bytes sent, everything else the bytes received.
    convenience init(for task: HTTPTask, deliver: @escaping @Sendable (ProgressResponse) -> Void) {
        switch task {
        case .uploadFile, .uploadMultipartFormData, .uploadCompositeMultipartFormData:
            self.init(direction: .upload, deliver: deliver)
        default:
            self.init(direction: .download, deliver: deliver)
        }
    }

    /// The handler given to the transport.
    var transferHandler: @Sendable (TransferProgress) -> Void {
        { [self] progress in report(progress) }
    }

    /// Reports `progress` when it goes this reporter's way and has risen. A count that reaches the
    /// total is held back: only the final event says 1.0.
    func report(_ progress: TransferProgress) {
        guard progress.direction == direction else { return }
        if let total = progress.totalBytes, progress.completedBytes >= total { return }
        let isNew = state.withLock { state -> Bool in
            guard !state.finished, progress.completedBytes > state.completed else { return false }
            state.completed = progress.completedBytes
            return true
        }
        if isNew {
            deliver(ProgressResponse(completedUnitCount: progress.completedBytes, totalUnitCount: progress.totalBytes))
        }
    }

    /// Sends the final event, once.
    func finish(with response: Response) {
        let isFirst = state.withLock { state -> Bool in
            defer { state.finished = true }
            return !state.finished
        }
        guard isFirst else { return }
        let size = Int64(response.data.count)
        deliver(ProgressResponse(completedUnitCount: size, totalUnitCount: size, response: response))
    }
}
