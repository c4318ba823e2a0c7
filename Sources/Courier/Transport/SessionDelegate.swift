import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of ``URLSessionTransport``'s session: guards redirects and declines unanswerable
/// authentication challenges for every task, and hands the callbacks of each download task to its
/// ``FileDownload``.
///
/// Downloads are driven from here rather than by `URLSession.download(for:delegate:)` because on
/// Linux that call either reports no progress (without a download delegate) or writes every byte
/// twice (with one), and a task's own `delegate` is not consulted for delegate-driven tasks.
final class SessionDelegate: NSObject, URLSessionDownloadDelegate, Sendable {
    private let redirects = RedirectGuard()
    private let downloads = LockedValue<[Int: FileDownload]>([:])

    /// Sends the callbacks of `task` to `download` until the task completes.
    func register(_ download: FileDownload, for task: URLSessionTask) {
        downloads.withLock { $0[task.taskIdentifier] = download }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        redirects.urlSession(
            session, task: task, willPerformHTTPRedirection: response, newRequest: request,
            completionHandler: completionHandler)
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        download(for: downloadTask)?.task(downloadTask, wrote: totalBytesWritten, of: totalBytesExpectedToWrite)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        download(for: downloadTask)?.task(downloadTask, didFinishDownloadingTo: location)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let download = downloads.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        download?.taskDidComplete(with: error)
    }

    /// The 401 that ended `request`, when `error` is the cancellation of a challenge the redirect
    /// guard declined (Linux only, see ``DeclinedChallenges``) rather than the caller's; else `nil`.
    func declinedChallenge(endingWith error: any Error, for request: URLRequest) -> HTTPURLResponse? {
        #if canImport(FoundationNetworking)
            guard (error as? URLError)?.code == .cancelled, !Task.isCancelled else { return nil }
            return redirects.declinedChallenges.take(for: request)
        #else
            return nil
        #endif
    }

    #if canImport(FoundationNetworking)
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            redirects.urlSession(session, task: task, didReceive: challenge, completionHandler: completionHandler)
        }
    #endif

    private func download(for task: URLSessionTask) -> FileDownload? {
        downloads.withLock { $0[task.taskIdentifier] }
    }
}
