/// Turns a task's byte counts into ``TransferProgress`` reports for a request's listener.
struct TransferMeter: Sendable {
    private let progress: (@Sendable (TransferProgress) -> Void)?
    /// The size of a file body: FoundationNetworking reports no total for the stream it is sent as.
    private let uploadSize: Int64?

    init(_ request: TransportRequest) {
        progress = request.progress
        if progress != nil, case .file(let fileURL) = request.body {
            uploadSize = TransferBody.size(of: fileURL)
        } else {
            uploadSize = nil
        }
    }

    /// `sent` bytes of the request body are out, of `expected` (0 or less when unknown).
    func sent(_ sent: Int64, of expected: Int64) {
        progress?(
            TransferProgress(direction: .upload, completedBytes: sent, totalBytes: expected > 0 ? expected : uploadSize)
        )
    }

    /// `received` bytes of the response body are in, of `expected` (`nil`, 0 or less when unknown).
    func received(_ received: Int64, of expected: Int64?) {
        progress?(TransferProgress(direction: .download, completedBytes: received, totalBytes: expected))
    }
}
