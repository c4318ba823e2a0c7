import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One download to a file: a `URLSessionDownloadTask` that writes the body to a temporary file as
/// it arrives (memory stays bounded). The file is moved to its destination as soon as the task has
/// finished with it (on Linux it is deleted right after), and the caller's `await` ends at completion.
///
/// When progress is wanted, the task's callbacks arrive through ``SessionDelegate``. Otherwise the
/// task has a completion handler: on Linux, FoundationNetworking then writes through one open file,
/// where a delegate would make it reopen the file for every chunk and queue a callback per chunk on
/// the delegate queue. That queue falls far behind a loopback transfer; a 1 GiB download peaked at
/// about 65 MiB that way; now 50–55 MiB, level with `URLSession.download(for:)`.
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
        do {
            return try await transfer(request, in: session, delegate: delegate)
        } catch {
            // The server's 401, with no body to keep (see DeclinedChallenges).
            if let challenged = delegate.declinedChallenge(endingWith: error, for: request) {
                return TransportResponse(response: challenged)
            }
            throw error
        }
    }

    private func transfer(_ request: URLRequest, in session: URLSession, delegate: SessionDelegate) async throws
        -> TransportResponse
    {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = makeTask(request, in: session, delegate: delegate)
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

    /// A task whose callbacks reach the session delegate when progress is wanted, or else one with
    /// a completion handler (see the type's comment).
    private func makeTask(_ request: URLRequest, in session: URLSession, delegate: SessionDelegate)
        -> URLSessionDownloadTask
    {
        guard observer?.reportsProgress != true else {
            let task = session.downloadTask(with: request)
            delegate.register(self, for: task)
            return task
        }
        return session.downloadTask(with: request) { [self] location, response, error in
            if let location { finish(at: location, response: response) }
            taskDidComplete(with: error)
        }
    }

    func task(_ task: URLSessionDownloadTask, wrote written: Int64, of expected: Int64) {
        observer?.downloadTask(task, wrote: written, of: expected)
    }

    func task(_ task: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        finish(at: location, response: task.response)
    }

    /// Moves the finished body at `location` to its destination, or removes it.
    private func finish(at location: URL, response: URLResponse?) {
        let saved: Result<TransportResponse, any Error>
        if let response = response as? HTTPURLResponse {
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
