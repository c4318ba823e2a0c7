import Foundation

extension Provider {
    /// Sends the request for `target` and returns its response.
    ///
    /// The target, the provider's closures and its plugins are used on the caller's isolation
    /// (`isolation`, `#isolation` by default): on the main actor for code on the main actor, as
    /// Moya uses them on the calling thread. Only the exchange with the transport leaves it, so a
    /// target or a plugin of an app's main actor needs nothing more (see <doc:Concurrency>).
    ///
    /// Cancelling the calling task cancels the request, wherever it is (in `requestClosure`, a
    /// plugin's `adapt`, a stub's delay or the transfer), and fails it with
    /// ``CourierError/cancelled``.
    /// - Parameters:
    ///   - target: The target.
    ///   - isolation: The caller's isolation; leave it out.
    /// - Throws: ``CourierError``; the error keeps the response when one arrived.
    public func request(_ target: Target, isolation: isolated (any Actor)? = #isolation) async throws(CourierError)
        -> Response
    {
        try await request(target, resumingFrom: nil, isolation: isolation)
    }
}
