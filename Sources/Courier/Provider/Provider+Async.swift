import Foundation

extension Provider {
    /// Sends the request for `target` and returns its response.
    ///
    /// Cancelling the calling task cancels the request, wherever it is (in `requestClosure`, a
    /// plugin's `adapt`, a stub's delay or the transfer), and fails it with
    /// ``CourierError/cancelled``.
    /// - Throws: ``CourierError``; the error keeps the response when one arrived.
    public func request(_ target: Target) async throws(CourierError) -> Response {
        try await perform(target, progress: nil).get()
    }
}
