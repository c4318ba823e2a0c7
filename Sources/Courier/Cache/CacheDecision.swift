/// What to do with a stored entry that matches a request, given its freshness, the directives of
/// both sides, and the policy: the rules of RFC 9111 §4.2–§4.3 and RFC 5861 in one pure function.
enum CacheDecision: Equatable, Sendable {
    /// Answer with the entry, marked fresh or stale.
    case answer(CachedResponse.Kind)
    /// Answer with the stale entry and revalidate it in the background.
    case answerAndRevalidate
    /// Send a conditional request built from the entry's validators.
    case validate
    /// Send the request as it is (the entry has no validators).
    case send
    /// `only-if-cached`, and the entry cannot be used without the network: a `504`.
    case unsatisfiable

    /// Decides for an entry whose response carries `response` directives and whose request carries
    /// `request` directives.
    /// - Parameters:
    ///   - freshness: The entry's age and lifetime now.
    ///   - hasValidators: Whether the entry has an `ETag` or `Last-Modified`.
    ///   - response: The stored response's `Cache-Control`.
    ///   - request: The new request's `Cache-Control`.
    ///   - policy: The target's policy.
    static func decide(
        freshness: Freshness, hasValidators: Bool, response: CacheControl, request: CacheControl, policy: CachePolicy
    ) -> CacheDecision {
        let network: CacheDecision = request.onlyIfCached ? .unsatisfiable : (hasValidators ? .validate : .send)
        // `max-age=0` asks for a check whatever the age: what clients mean by it, and what browsers do.
        let tooOld = request.maxAge.map { $0 == 0 || freshness.age > Double($0) } ?? false
        if request.noCache || tooOld { return network }
        let freshEnough = freshness.isFresh && freshness.remaining >= Double(request.minFresh ?? 0)
        switch policy.reuse {
        case .never:
            return .send
        case .returnCacheElseLoad:
            return .answer(freshness.isFresh ? .fresh : .stale)
        case .returnCacheThenRefresh:
            if freshEnough && !response.noCache { return .answer(.fresh) }
            return request.onlyIfCached ? .answer(.stale) : .answerAndRevalidate
        case .alwaysRevalidate:
            // RFC 8246: an immutable response is not revalidated while fresh.
            return response.immutable && freshEnough && !response.noCache ? .answer(.fresh) : network
        case .httpSemantics:
            if response.noCache { return network }
            if freshness.isFresh { return freshEnough ? .answer(.fresh) : network }
            if response.mustRevalidate { return network }
            if let maxStale = request.maxStale, freshness.staleness <= Double(maxStale) { return .answer(.stale) }
            if let window = response.staleWhileRevalidate, freshness.staleness <= Double(window) {
                return request.onlyIfCached ? .answer(.stale) : .answerAndRevalidate
            }
            return network
        }
    }
}
