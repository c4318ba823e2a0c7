import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPCache {
    /// Stores an answer as if the network had given it now, so a test starts with a cache in a known
    /// state: `cache.script(url, body: Data("cached".utf8), headers: ["Cache-Control": "max-age=60"])`.
    ///
    /// The answer goes through the same rules as a real one: one that RFC 9111 would not store
    /// (`no-store`, `Vary: *`, too large) is not stored, and the call says so.
    /// - Parameters:
    ///   - url: The URL of the `GET` it answers.
    ///   - statusCode: The status. `200` by default.
    ///   - body: The body. Empty by default.
    ///   - headers: The answer's header fields. None by default: a `200` with no freshness is stored
    ///     but stale at once.
    ///   - requestHeaders: The request's fields, for answers that `Vary` or that need credentials.
    ///     None by default.
    /// - Returns: Whether it was stored.
    @discardableResult
    public func script(
        _ url: URL, statusCode: Int = 200, body: Data = Data(), headers: [String: String] = [:],
        requestHeaders: [String: String] = [:]
    ) -> Bool {
        var request = URLRequest(url: url)
        for (name, value) in requestHeaders { request.setValue(value, forHTTPHeaderField: name) }
        let outcome = store(
            statusCode: statusCode, headerFields: headers, body: body, for: request, policy: .httpSemantics)
        return outcome == .storable
    }
}
