import Foundation

/// What a transfer did with a piece of the response body: decided under the transfer's lock, acted
/// on outside it with ``settle(_:meter:)``.
enum BodyPiece {
    /// Kept (in memory or on disk): the body's bytes so far, and its announced length.
    case kept(Int64, Int64?)
    /// The transfer must stop: a limit was crossed or a write failed.
    case stop
    /// Dropped: the transfer is already stopping.
    case dropped

    /// Reports a kept piece to `meter`, or cancels `task` to stop it.
    func settle(_ task: URLSessionTask, meter: TransferMeter) {
        switch self {
        case .kept(let received, let expected): meter.received(received, of: expected)
        case .stop: TaskCanceller.cancel(task)
        case .dropped: break
        }
    }
}
