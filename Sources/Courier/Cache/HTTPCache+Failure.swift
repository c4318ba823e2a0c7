import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPCache {
    /// A stored answer to give instead of a failure, when the server or the policy allows it: within
    /// `stale-if-error` (the response's or the request's, RFC 5861 §4) for a failure without an
    /// answer (``CacheFailure/connection``: no connection, a timeout, an empty reply, a reset, a head
    /// cut short) or a `500`, `502`, `503` or `504`, unless the stored response says
    /// `must-revalidate` or `no-cache`; and, under an offline fallback, for a failure without an
    /// answer, however stale, unless the stored response says `must-revalidate`.
    /// - Parameters:
    ///   - failure: What went wrong.
    ///   - request: The request as sent (for a revalidation, its ``CacheRevalidation/original``).
    ///   - policy: The target's cache policy.
    /// - Returns: The stored answer, of kind ``CachedResponse/Kind/staleAfterError``, or `nil`: then
    ///   report the failure (or the error status) as usual.
    package func answer(after failure: CacheFailure, for request: URLRequest, policy: CachePolicy) -> CachedResponse? {
        guard policy.usesCache, let key = CacheKey(answering: request) else { return nil }
        endRevalidation(key)
        if case .status(let status) = failure, ![500, 502, 503, 504].contains(status) { return nil }
        let fields = RequestFields(request)
        let requestControl = Self.requestControl(of: fields)
        guard !requestControl.noStore, let entry = storage.entry(for: key, matching: fields) else { return nil }
        let responseControl = entry.head.cacheControl
        let freshness = self.freshness(of: entry.head, at: now)
        let window = [responseControl.staleIfError, requestControl.staleIfError].compactMap { $0 }.max()
        // `must-revalidate` and `no-cache` forbid a stale answer, whatever `stale-if-error` says
        // (RFC 9111 §4.2.4, §5.2.2.2, §5.2.2.4).
        let forbidden = responseControl.mustRevalidate || responseControl.noCache
        let allowedByServer = !forbidden && (window.map { freshness.staleness <= Double($0) } ?? false)
        let offline = policy.fallsBackWhenOffline && failure == .connection && !responseControl.mustRevalidate
        guard allowedByServer || offline else { return nil }
        return Self.answer(entry, age: freshness.age, kind: .staleAfterError)
    }
}
