import Foundation
import Synchronization

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
    private let state = Mutex(State())

    private struct State {
        var received: Int64 = 0
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
        if exceedsLimit(response.expectedContentLength) {
            completionHandler(.cancel)
            dataTask.cancel()
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
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

    /// Records and reports whether `size` bytes break the limit.
    private func exceedsLimit(_ size: Int64) -> Bool {
        guard let limit, size > limit else { return false }
        state.withLock { state in
            if state.limitError == nil { state.limitError = ResponseTooLargeError(limit: limit, size: size) }
        }
        return true
    }
}
