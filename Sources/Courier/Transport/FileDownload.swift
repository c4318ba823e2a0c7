import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One download to a file: a `URLSessionDownloadTask` whose callbacks arrive through
/// ``SessionDelegate``. URLSession writes the body to a temporary file as it arrives (memory stays
/// bounded), the file is moved to its destination inside `didFinishDownloadingTo` (on Linux it
/// is deleted when that callback returns), and the caller's `await` ends at completion.
final class FileDownload: Sendable {
    private let destination: DownloadDestination
    private let observer: TransferObserver?
    private let state = LockedValue(State())

    private struct State {
        var task: URLSessionDownloadTask?
        var isCancelled = false
        var continuation: CheckedContinuation<TransportResponse, any Error>?
        var saved: Result<TransportResponse, any Error>?
    }

    init(destination: @escaping DownloadDestination, observer: TransferObserver?) {
        self.destination = destination
        self.observer = observer
    }

    /// Downloads `request` and returns the response with the file's new place. Cancelling the
    /// calling task cancels the download.
    func run(_ request: URLRequest, in session: URLSession, delegate: SessionDelegate) async throws
        -> TransportResponse
    {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.downloadTask(with: request)
                delegate.register(self, for: task)
                let isCancelled = state.withLock { state in
                    state.task = task
                    state.continuation = continuation
                    return state.isCancelled
                }
                task.resume()
                if isCancelled { task.cancel() }
            }
        } onCancel: {
            let task = state.withLock { state in
                state.isCancelled = true
                return state.task
            }
            task?.cancel()
        }
    }

    func task(_ task: URLSessionDownloadTask, wrote written: Int64, of expected: Int64) {
        observer?.downloadTask(task, wrote: written, of: expected)
    }

    func task(_ task: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let saved: Result<TransportResponse, any Error>
        if let response = task.response as? HTTPURLResponse {
            saved = Result {
                TransportResponse(
                    response: response, fileURL: try DownloadMover.move(location, for: response, to: destination))
            }
        } else {
            try? FileManager.default.removeItem(at: location)  // unusable without a response; the error says so
            saved = .failure(URLError(.badServerResponse))
        }
        state.withLock { $0.saved = saved }
    }

    func taskDidComplete(with error: (any Error)?) {
        let (continuation, saved) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.continuation, state.saved)
        }
        guard let continuation else { return }
        if let error {
            if case .success(let response) = saved, let fileURL = response.fileURL {
                try? FileManager.default.removeItem(at: fileURL)  // the download failed; keep no file
            }
            continuation.resume(throwing: error)
        } else {
            continuation.resume(with: saved ?? .failure(URLError(.cannotCreateFile)))
        }
    }
}
