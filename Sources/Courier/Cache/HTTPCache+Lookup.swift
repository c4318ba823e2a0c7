import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPCache {
    /// What a lookup decided, and the storage's ``generation`` when it looked (`nil` when the request
    /// did not reach the storage): while the generation still reads the same, a new lookup would
    /// decide the same.
    typealias LookupAndGeneration = (lookup: CacheLookup, generation: UInt64?)

    /// The request fields that make a request conditional: a client that sends one is validating
    /// its own copy, so the cache passes the request through and keeps out of it.
    static let conditionalFields = [
        "if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range",
    ]

    /// Decides how to answer `request` under `policy`: from the cache, with a conditional request,
    /// or with the request as it is. A `HEAD` is answered from a stored `GET` answer (its caller
    /// gives it without the body). Call it with the request as it will be sent (after every
    /// plugin), on any thread; it reads a file when the entry is only on disk.
    /// - Parameters:
    ///   - request: The request about to be sent.
    ///   - policy: The target's cache policy; ``CachePolicy/none`` always gives `.send(request)`.
    package func lookup(for request: URLRequest, policy: CachePolicy) -> CacheLookup {
        lookupAndGeneration(for: request, policy: policy).lookup
    }

    /// ``lookup(for:policy:)``, with the storage's ``generation`` when it looked (see
    /// ``LookupAndGeneration``).
    func lookupAndGeneration(for request: URLRequest, policy: CachePolicy) -> LookupAndGeneration {
        lookUp(request, policy: policy, readingFiles: true) ?? (.send(request), nil)  // never `nil` reading files
    }

    /// ``lookupAndGeneration(for:policy:)`` without reading a file or waiting for the storage's lock:
    /// `nil`, with nothing changed, where it would have to (the entry is on disk, the folder's heads
    /// were never read, another thread holds the lock). Made for answering on the caller's thread
    /// what memory holds.
    func lookupInMemory(for request: URLRequest, policy: CachePolicy) -> LookupAndGeneration? {
        lookUp(request, policy: policy, readingFiles: false)
    }

    /// The lookup of both; `nil` only with `readingFiles` off (see
    /// ``CacheStorage/entryAndGeneration(for:matching:readingFiles:)``).
    private func lookUp(_ request: URLRequest, policy: CachePolicy, readingFiles: Bool) -> LookupAndGeneration? {
        guard policy.usesCache, let key = CacheKey(answering: request) else { return (.send(request), nil) }
        let fields = RequestFields(request)
        if Self.conditionalFields.contains(where: { fields[$0] != nil }) { return (.send(request), nil) }
        let requestControl = Self.requestControl(of: fields)
        // `no-store`: the caller wants nothing to do with the cache, as browsers read it.
        if requestControl.noStore { return (.send(request), nil) }
        guard
            let (found, generation) = storage.entryAndGeneration(for: key, matching: fields, readingFiles: readingFiles)
        else { return nil }
        return (decide(request, key: key, control: requestControl, found: found, policy: policy), generation)
    }

    /// What to do with `request` given the entry the storage `found` for it.
    private func decide(
        _ request: URLRequest, key: CacheKey, control requestControl: CacheControl, found: CacheEntry?,
        policy: CachePolicy
    ) -> CacheLookup {
        guard let entry = found else {
            return requestControl.onlyIfCached ? .unsatisfiable(Self.gatewayTimeout(for: key.url)) : .send(request)
        }
        let now = self.now
        let freshness = self.freshness(of: entry.head, at: now)
        let decision = CacheDecision.decide(
            freshness: freshness, hasValidators: entry.head.hasValidators, response: entry.head.cacheControl,
            request: requestControl, policy: policy)
        switch decision {
        case .answer(let kind):
            return .answer(Self.answer(entry, age: freshness.age, kind: kind))
        case .answerAndRevalidate:
            let stale = Self.answer(entry, age: freshness.age, kind: .stale)
            guard beginRevalidation(key, at: now) else { return .answer(stale) }
            return .answerAndRevalidate(stale, Self.revalidation(of: entry, for: request))
        case .validate:
            return .validate(Self.revalidation(of: entry, for: request))
        case .send:
            return .send(request)
        case .unsatisfiable:
            return .unsatisfiable(Self.gatewayTimeout(for: key.url))
        }
    }

    /// The freshness of a stored response at `now`.
    func freshness(of head: CacheEntry.Head, at now: Date) -> Freshness {
        Freshness(
            of: head, control: head.cacheControl, now: now, heuristicCap: configuration.heuristicFreshnessLimit)
    }

    /// The request's `Cache-Control`; without one, `Pragma: no-cache` counts as `no-cache`, as RFC 7234
    /// §5.4 required (RFC 9111 deprecates `Pragma`, but older clients and proxies still send it).
    static func requestControl(of request: RequestFields) -> CacheControl {
        if let field = request["cache-control"] {
            return CacheControl(field, isRequest: true)
        }
        var control = CacheControl()
        if let pragma = request["pragma"] {
            control.noCache = CacheControl.directives(in: pragma).contains { $0.name == "no-cache" }
        }
        return control
    }

    /// `entry` as an answer of `kind`, with `Age` set to `age` in whole seconds (RFC 9111 §5.1).
    static func answer(_ entry: CacheEntry, age: TimeInterval, kind: CachedResponse.Kind) -> CachedResponse {
        var headers = entry.head.headers
        for name in headers.keys where name.caseInsensitiveEquals("Age") { headers[name] = nil }
        let seconds = age.isFinite ? min(max(0, age), Double(CacheControl.saturatedSeconds)) : 0
        headers["Age"] = String(Int(seconds))
        return CachedResponse(
            statusCode: entry.head.statusCode, headerFields: headers, body: entry.body, url: entry.head.url, kind: kind)
    }

    /// The `504 Gateway Timeout` a cache gives for `only-if-cached` when it has nothing to give.
    static func gatewayTimeout(for url: URL) -> CachedResponse {
        CachedResponse(statusCode: 504, headerFields: [:], body: Data(), url: url, kind: .unsatisfiable)
    }

    /// `request` with the entry's validators added (RFC 9111 §4.3.1). A stored value that could
    /// break the request's head (a control character) is left out.
    ///
    /// The fields are set in one change of the request: on Linux each `setValue(_:forHTTPHeaderField:)`
    /// runs the name through Foundation's locale-aware `capitalized`, and the first copies the
    /// request (5.7 % of a `304` revalidation's CPU samples for the two). The request holds no
    /// condition of its own: the lookup leaves a conditional request to its caller.
    static func revalidation(of entry: CacheEntry, for request: URLRequest) -> CacheRevalidation {
        var fields = request.allHTTPHeaderFields ?? [:]
        fields.reserveCapacity(fields.count + 2)
        var isConditional = false
        // The stored `ETag` and `Last-Modified`, as the entry's facts keep them.
        let validators = [
            (entry.head.facts.eTag, "If-None-Match"), (entry.head.facts.lastModifiedField, "If-Modified-Since"),
        ]
        for (stored, condition) in validators {
            // Control characters but tab, and DEL, are refused: what a header value may not hold.
            guard let value = stored, HTTPSyntax.firstRefused(in: value, HTTPSyntax.FieldValue.self) == nil
            else { continue }
            fields[condition] = value
            isConditional = true
        }
        var conditional = request
        if isConditional { conditional.allHTTPHeaderFields = fields }
        return CacheRevalidation(request: conditional, original: request, entry: entry)
    }
}
