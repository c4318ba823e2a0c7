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

    /// Sends the request for `target` and decodes its body as `type`.
    /// - Parameters:
    ///   - target: The target.
    ///   - type: The type to decode.
    ///   - decoder: The decoder. `nil` by default: the target's ``TargetType/decoder``, which is a
    ///     plain `JSONDecoder` unless the target names another.
    /// - Throws: ``CourierError``; a body that does not decode fails with
    ///   ``CourierError/objectMapping(_:_:)``, which keeps the response.
    public func request<D: Decodable>(
        _ target: Target, as type: D.Type, decoder: (any DataDecoder)? = nil
    ) async throws(CourierError) -> D {
        try await request(target).map(type, using: decoder ?? target.decoder)
    }
}
