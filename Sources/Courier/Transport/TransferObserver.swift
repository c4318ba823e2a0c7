import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reports progress and enforces the response-size limit of one task. It counts bytes and never
/// keeps them: URLSession hands the body over once, as without it.
///
/// It is the task delegate of data and upload tasks. Downloads get their callbacks through
/// ``SessionDelegate`` instead: on Linux, passing a download delegate to
/// `URLSession.download(for:delegate:)` writes every byte to the file twice.
final class TransferObserver: NSObject, URLSessionDataDelegate, Sendable {
    private let progress: (@Sendable (TransferProgress) -> Void)?
    private let limit: Int64?
    /// The size of a file body, for transports that report no total for it (streams).
    private let uploadSize: Int64?
    private let state = LockedValue(State())

    private struct State {
        var received: Int64 = 0
        var isWatching = false
        var limitError: ResponseTooLargeError?
    }

    /// An observer for `request`, or `nil` when it has nothing to observe.
    init?(_ request: TransportRequest) {
        guard request.progress != nil || request.maximumResponseSize != nil else { return nil }
        self.progress = request.progress
        self.limit = request.maximumResponseSize
        if case .file(let fileURL) = request.body {
            uploadSize = TransferBody.size(of: fileURL)
        } else {
            uploadSize = nil
        }
    }

    /// Whether the caller asked for progress.
    var reportsProgress: Bool { progress != nil }

    /// Set when the transfer was stopped for exceeding the limit.
    var limitError: ResponseTooLargeError? { state.withLock { $0.limitError } }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let total = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : uploadSize
        progress?(TransferProgress(direction: .upload, completedBytes: totalBytesSent, totalBytes: total))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // An announced body over the limit is refused before it is read. Only the disposition
        // cancels: on Linux a second `cancel()` while the handler is pending marks the task
        // cancelled without stopping the transfer.
        if exceedsLimit(response.expectedContentLength) {
            completionHandler(.cancel)
            return
        }
        watch(dataTask)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        watch(dataTask)
        let received = state.withLock { state in
            state.received += Int64(data.count)
            return state.received
        }
        if exceedsLimit(received) {
            dataTask.cancel()
            return
        }
        progress?(
            TransferProgress(
                direction: .download, completedBytes: received, totalBytes: dataTask.response?.expectedContentLength))
    }

    /// A download task wrote `written` bytes of `expected` (negative when unknown) to its file. The
    /// size limit protects memory, so it does not apply to bodies written to disk.
    func downloadTask(_ task: URLSessionTask, wrote written: Int64, of expected: Int64) {
        progress?(TransferProgress(direction: .download, completedBytes: written, totalBytes: expected))
    }

    /// Starts, once, a watchdog that cancels `task` as soon as the bytes it has received pass the
    /// limit. Delegate callbacks arrive on a queue that falls far behind a fast transfer, but the
    /// task's own byte count is current, so polling it usually stops a 1 GiB loopback body within a
    /// few megabytes (under heavy load later; the transport then still refuses the body). Data
    /// tasks only: downloads go to disk and are not limited.
    private func watch(_ task: URLSessionTask) {
        guard let limit else { return }
        let isFirst = state.withLock { state -> Bool in
            defer { state.isWatching = true }
            return !state.isWatching
        }
        guard isFirst else { return }
        Task.detached { [weak self] in
            while task.state == .running {
                let received = task.countOfBytesReceived
                if received > limit {
                    _ = self?.exceedsLimit(received)
                    task.cancel()
                    return
                }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    /// Records and reports whether `size` bytes break the limit.
    private func exceedsLimit(_ size: Int64) -> Bool {
        guard let limit, size > limit else { return false }
        state.withLock { state in
            if state.limitError == nil { state.limitError = ResponseTooLargeError(limit: limit, size: size) }
        }
        return true
    }
}
