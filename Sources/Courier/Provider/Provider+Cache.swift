import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a request's exchange needs of its cache, read on the caller's isolation.
struct CacheUse: Sendable {
    let cache: HTTPCache
    let policy: CachePolicy
}

extension Provider {
    /// How `exchange` uses the cache: `nil` when its policy uses none, or when its task uploads or
    /// downloads (only plain requests are cached). Reads the target: on the caller's isolation.
    @inline(never)  // kept out of the async function that calls it (see ``transportExchange(for:progress:)``)
    func cacheUse(for exchange: Exchange<Target>) -> CacheUse? {
        let policy = exchange.anyTarget.cachePolicy ?? cachePolicy
        guard policy.usesCache, !exchange.task.hasTransferBody else { return nil }
        return CacheUse(cache: cache, policy: policy)
    }

    /// Removes what the provider's ``cache`` holds for `target`: every stored answer (each `Vary`
    /// variant) for the URL its request is sent to, query included. Use ``HTTPCache/removeAll()``
    /// or ``HTTPCache/removeResponses(where:)`` for more.
    /// - Parameter target: The target whose answers are forgotten.
    public func removeCachedResponses(for target: Target) {
        guard let url = try? endpoint(target).urlRequest().url else { return }
        cache.removeResponses(for: url)
    }

    /// After an answer that bypassed the cache: a successful unsafe request (`POST`, `PUT`,
    /// `DELETE`…) removes what is stored for its URL, whatever the target's policy (RFC 9111 §4.4),
    /// when the cache holds anything at all.
    @inline(never)  // kept out of the async function that calls it (see ``transportExchange(for:progress:)``)
    func invalidateCache(after request: URLRequest, _ result: Result<Response, CourierError>) {
        guard case .success(let response) = result, (200..<400).contains(response.statusCode),
            !["GET", "HEAD", "OPTIONS", "TRACE"].contains(request.httpMethod ?? "GET"), !cache.isEmpty
        else { return }
        cache.invalidate(
            after: request, statusCode: response.statusCode, headerFields: CachedExchange.headerFields(of: response))
    }

}

/// The exchange of a request whose target's policy uses the cache. Not generic over the target:
/// it runs off the caller's actor, and a background revalidation outlives the request.
enum CachedExchange {
    /// Sends a request to the transport; the set names the headers that no redirect may carry to
    /// another origin (``TransportRequest/originBoundHeaders``).
    typealias Transfer = @Sendable (URLRequest, _ originBound: Set<String>) async -> Result<Response, CourierError>

    /// Exchanges `request` through the cache: answers from it when it may, sends conditionally
    /// when it can, stores what may be stored, and answers a failure with a stale answer where the
    /// server or the policy allows. Concurrent requests for the same uncached answer share one
    /// exchange. Runs off the caller's actor: the cache may read and write files. `looked` is the
    /// lookup of `request` already made, if any (``HTTPCache/lookupInMemory(for:policy:)``).
    @inline(never)  // a frame of its own, allocated only for requests that use the cache
    static func cachedTransfer(
        _ request: URLRequest, _ use: CacheUse, coalescer: RequestCoalescer<Result<Response, CourierError>>,
        looked: HTTPCache.LookupAndGeneration? = nil, transfer: @escaping Transfer
    ) async -> Result<Response, CourierError> {
        // A stored answer needs no sharing: only what goes to the network is coalesced, and looked up
        // again there if the cache changed meanwhile (the run before may have stored the answer).
        let (lookup, generation) = looked ?? lookUp(request, use)
        switch lookup {
        case .answer, .answerAndRevalidate, .unsatisfiable:
            return await answer(request, use, lookup: lookup, transfer: transfer)
        case .validate, .send: break
        }
        guard let key = use.cache.coalescingKey(for: request) else {
            return await answer(request, use, lookup: lookup, transfer: transfer)
        }
        do {
            return try await coalescer.run(
                key: key, isShareable: { !$0.isCancellation },
                operation: {
                    let unchanged = generation.map { $0 == use.cache.generation } ?? false
                    return await answer(request, use, lookup: unchanged ? lookup : nil, transfer: transfer)
                })
        } catch {
            return .failure(.cancelled)
        }
    }

    /// One lookup (`lookup`, or a new one), and the exchange it asks for.
    @inline(never)  // a frame of its own, not one per call site in `cachedTransfer` (see `send`)
    private static func answer(
        _ request: URLRequest, _ use: CacheUse, lookup: CacheLookup? = nil,
        transfer: @escaping Transfer
    ) async -> Result<Response, CourierError> {
        switch lookup ?? lookUp(request, use).lookup {
        case .answer(let cached), .unsatisfiable(let cached):
            return .success(Self.response(cached, for: request))
        case .answerAndRevalidate(let cached, let revalidation):
            Task.detached {
                _ = await Self.send(revalidation.request, original: revalidation.original, use, transfer: transfer) {
                    response, fields in
                    use.cache.update(with: fields, for: revalidation, responseURL: response.http.url)
                }
                // Whatever the outcome: a failure no stale answer may hide (a TLS error, a cancellation)
                // reaches no cache call that ends it, and would hold off refreshes until the timeout.
                use.cache.endRevalidation(of: revalidation)
            }
            return .success(Self.response(cached, for: request))
        case .validate(let revalidation):
            let answer = await Self.send(revalidation.request, original: revalidation.original, use, transfer: transfer)
            {
                response, fields in
                use.cache.update(with: fields, for: revalidation, responseURL: response.http.url)
            }
            guard case .notModifiedButUnmerged = answer else { return answer.result(for: request) }
            // The 304 did not match what was stored (§4.3.4): ask again, without conditions.
            return await Self.send(request, original: request, use, transfer: transfer, merge: nil).result(for: request)
        case .send(let sending):
            return await Self.send(sending, original: request, use, transfer: transfer, merge: nil).result(for: request)
        }
    }

    /// What the cache holds for `request`, and the cache's generation when it looked (not inlined,
    /// as `send`).
    @inline(never)
    private static func lookUp(_ request: URLRequest, _ use: CacheUse) -> HTTPCache.LookupAndGeneration {
        use.cache.lookupAndGeneration(for: request, policy: use.policy)
    }

    /// Sends `request` and hands the answer to the cache: a `304` to `merge`, with its fields read
    /// once; anything else stored; a failure answered from the cache where it may be.
    ///
    /// Neither this nor what it does with the answer is inlined into ``answer(_:_:lookup:transfer:)``:
    /// in an async function every value lives in the task's memory, and three inlined copies made
    /// that frame 14 KiB, allocated afresh for each request that uses the cache.
    @inline(never)
    private static func send(
        _ request: URLRequest, original: URLRequest, _ use: CacheUse,
        transfer: Transfer,
        merge: ((Response, _ fields: [String: String]) -> CachedResponse?)?
    ) async -> CacheExchange {
        let sentAt = use.cache.now
        // A revalidation's validators stay with the stored answer's origin (RFC 9110 §15.4).
        let originBound = merge == nil ? [] : CacheRevalidation.addedHeaders
        return received(
            await transfer(request, originBound), for: request, original: original, use, merge: merge, sentAt: sentAt)
    }

    /// What the cache makes of `result`, the answer to `request` sent at `sentAt` (see `send`).
    @inline(never)
    private static func received(
        _ result: Result<Response, CourierError>, for request: URLRequest, original: URLRequest, _ use: CacheUse,
        merge: ((Response, _ fields: [String: String]) -> CachedResponse?)?, sentAt: Date
    ) -> CacheExchange {
        switch result {
        case .success(let response):
            let fields = headerFields(of: response)
            use.cache.invalidate(after: request, statusCode: response.statusCode, headerFields: fields)
            if response.statusCode == 304, let merge {
                // The fields read above, not read again: on the curl transport each read makes them anew.
                guard let merged = merge(response, fields) else { return .notModifiedButUnmerged }
                return .answered(.success(Self.response(merged, for: original, measured: response.measured)))
            }
            if let stale = use.cache.answer(after: .status(response.statusCode), for: original, policy: use.policy) {
                return .answered(.success(Self.response(stale, for: original, measured: response.measured)))
            }
            _ = use.cache.store(
                statusCode: response.statusCode, headerFields: fields, body: response.data,
                responseURL: response.http.url, for: original, policy: use.policy, sentAt: sentAt)
            return .answered(.success(response))
        case .failure(let error):
            if let failure = CacheFailure(error),
                let stale = use.cache.answer(after: failure, for: original, policy: use.policy)
            {
                return .answered(.success(Self.response(stale, for: original)))
            }
            return .answered(.failure(error))
        }
    }

    /// A response from a cached answer, for `request` (the caller's, without the conditions the
    /// cache added), saying where it came from, with the metrics of the exchange that led to it
    /// (`measured`: a `304`'s, or the failed answer's that a stale one replaces).
    @inline(never)  // kept out of the async functions that answer from the cache (see `send`)
    static func response(_ cached: CachedResponse, for request: URLRequest, measured: MeasuredTransfer = .none)
        -> Response
    {
        let origin: ResponseOrigin =
            switch cached.kind {
            case .fresh, .stale, .unsatisfiable: .cache
            case .revalidated: .revalidated
            case .staleAfterError: .staleAfterError
            }
        // A `HEAD` answered from a stored `GET` gets its fields, not its body (RFC 9110 §9.3.2).
        let body = request.httpMethod?.uppercased() == "HEAD" ? Data() : cached.body
        // Made when first read, as the curl transport's are: most callers read the status and body only.
        return Response(
            statusCode: cached.statusCode, data: body, request: request,
            http: .deferred(DeferredHTTPResponse { cached.httpURLResponse }), fileURL: nil, origin: origin,
            measured: measured)
    }

    static func headerFields(of response: Response) -> [String: String] {
        response.http.headerFields
    }
}

/// How a cached request's exchange ended.
private enum CacheExchange {
    /// With this outcome.
    case answered(Result<Response, CourierError>)
    /// With a `304` whose validators did not match the stored answer's, which must be asked for again.
    case notModifiedButUnmerged

    func result(for request: URLRequest) -> Result<Response, CourierError> {
        switch self {
        case .answered(let result): result
        case .notModifiedButUnmerged: .failure(.underlying(URLError(.badServerResponse), nil))
        }
    }
}

extension HTTPTask {
    /// Whether a body goes through a file: an upload's (a file, a multipart form) or a download's.
    var hasTransferBody: Bool {
        switch self {
        case .uploadFile, .uploadMultipartFormData, .uploadCompositeMultipartFormData, .downloadDestination,
            .downloadParameters:
            true
        default:
            false
        }
    }
}
