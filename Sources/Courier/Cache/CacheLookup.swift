import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the pipeline does with a request, as ``HTTPCache/lookup(for:policy:)`` decides it.
package enum CacheLookup: Sendable {
    /// Answer with this, and send nothing: a fresh entry, or a stale one the request or the policy
    /// accepts (see ``CachedResponse/kind``).
    case answer(CachedResponse)
    /// Answer with this stale entry now, and send `revalidation.request` once in the background
    /// (stale-while-revalidate); hand its answer to the cache as for ``validate(_:)``.
    case answerAndRevalidate(CachedResponse, CacheRevalidation)
    /// Send `revalidation.request` (the request with `If-None-Match`/`If-Modified-Since` added).
    /// On `304`, answer with ``HTTPCache/update(with:for:responseURL:sentAt:)``; on any other answer,
    /// ``HTTPCache/store(statusCode:headerFields:body:responseURL:for:policy:sentAt:)`` it.
    case validate(CacheRevalidation)
    /// Send `request` as it is, then store the answer.
    case send(URLRequest)
    /// Nothing usable is stored and the request said `only-if-cached`: answer with this `504`
    /// and send nothing.
    case unsatisfiable(CachedResponse)
}

/// A conditional request made from a stored entry, and the entry a `304` answer is merged into.
///
/// A class: a lookup is handed from step to step of the exchange, and a struct of two requests and
/// an entry (its head's every field) was copied and destroyed at each, about 9,000 instructions of a
/// `304` revalidation (callgrind). Nothing in it changes once it is made.
package final class CacheRevalidation: Sendable {
    /// The request to send: the original with the stored validators added.
    package let request: URLRequest
    /// The request as the caller made it.
    package let original: URLRequest
    /// The entry being revalidated.
    let entry: CacheEntry

    init(request: URLRequest, original: URLRequest, entry: CacheEntry) {
        self.request = request
        self.original = original
        self.entry = entry
    }

    /// The validators the cache adds: they stay with the stored answer's origin, and no redirect
    /// carries them elsewhere (``TransportRequest/originBoundHeaders``), where a `304` would answer
    /// for another resource.
    package static let addedHeaders: Set<String> = ["If-None-Match", "If-Modified-Since"]
}
