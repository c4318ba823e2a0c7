import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPCache {
    /// Fields a `304` never changes in the stored response (RFC 9111 §3.2): the framing of the stored
    /// body, and hop-by-hop fields.
    static let fieldsKeptOnUpdate: Set<String> = [
        "content-length", "content-encoding", "content-range", "transfer-encoding", "connection", "keep-alive",
        "proxy-connection", "te", "trailer", "upgrade",
    ]

    /// Fields a cache never stores (RFC 9111 §3.1): they are for the proxy that forwarded the
    /// exchange, not part of the response, and the key does not say which proxy that was.
    static let fieldsNeverStored: Set<String> = [
        "proxy-authenticate", "proxy-authentication-info", "proxy-authorization",
    ]

    /// Stores the answer to `request` when RFC 9111 §3 allows it, replacing what the same request
    /// would have used; otherwise removes that stored answer, which the new one supersedes. Call it
    /// for every answer to a request the cache was asked about (except a `304` to a revalidation,
    /// see ``update(with:for:responseURL:sentAt:)``).
    /// - Parameters:
    ///   - statusCode: The answer's status.
    ///   - headerFields: The answer's header fields.
    ///   - body: The answer's body.
    ///   - responseURL: The URL the answer came from (after redirects); `nil` when unknown.
    ///   - request: The request as sent (for a revalidation, its ``CacheRevalidation/original``).
    ///   - policy: The target's cache policy; ``CachePolicy/none`` stores nothing.
    ///   - sentAt: When the request was sent, on the cache's clock (``now``); the time of the call
    ///     by default.
    /// - Returns: Whether it was stored, or why not.
    @discardableResult
    package func store(
        statusCode: Int, headerFields: [String: String], body: Data, responseURL: URL? = nil,
        for request: URLRequest, policy: CachePolicy, sentAt: Date? = nil
    ) -> Storability {
        guard policy.usesCache, let key = CacheKey(request) else { return .methodNotCached }
        defer { endRevalidation(key) }
        let fields = RequestFields(request)
        let storability = Storability.of(
            request: request, statusCode: statusCode, headers: headerFields, bodyCount: body.count,
            responseURL: responseURL, maximumEntrySize: configuration.maximumEntrySize, fields: fields)
        guard storability == .storable else {
            // A newer answer the cache may not keep makes the older one obsolete. Not a server error,
            // though (the stored answer may be what `stale-if-error` or an offline fallback serves
            // next), nor the answer to a request that says `no-store` and so keeps out of the cache.
            if statusCode != 304 && statusCode < 500 && !Self.requestControl(of: fields).noStore {
                storage.removeAll { $0.key == key.primary && $0.matches(fields) }
            }
            return storability
        }
        let now = self.now
        let varyNames = CacheKey.varyNames(HTTPHeaders.value("Vary", in: headerFields))
        let head = CacheEntry.Head(
            key: key.primary, url: key.url, statusCode: statusCode,
            headers: headerFields.filter { !Self.fieldsNeverStored.contains($0.key.lowercased()) },
            vary: CacheKey.varyValues(of: fields, names: varyNames),
            credential: CacheKey.credentialFingerprint(of: fields),
            requestTime: min(sentAt ?? now, now), responseTime: now, bodyCount: body.count)
        save(CacheEntry(head: head, body: body), for: fields)
        return .storable
    }

    /// Merges a `304 Not Modified` answer to `revalidation.request` into the stored entry (RFC 9111
    /// §3.2, §4.3.4) and returns the stored body as the answer.
    /// - Parameters:
    ///   - headerFields: The `304`'s header fields.
    ///   - revalidation: What ``lookup(for:policy:)`` gave.
    ///   - responseURL: The URL the `304` came from (after redirects); `nil` when unknown.
    ///   - sentAt: When the conditional request was sent, on the cache's clock; the time of the call
    ///     by default.
    /// - Returns: The updated answer, or `nil` when the `304` is not about the stored response: it
    ///   names another version (its validator differs), or it came from another URL than the stored
    ///   response's, after a redirect (§4.3.4: a `304` updates only responses that could have been
    ///   selected for its request), as ``store(statusCode:headerFields:body:responseURL:for:policy:sentAt:)``
    ///   checks too. Then send `revalidation.original` again and store that answer.
    package func update(
        with headerFields: [String: String], for revalidation: CacheRevalidation, responseURL: URL? = nil,
        sentAt: Date? = nil
    ) -> CachedResponse? {
        let stored = revalidation.entry.head
        let key = CacheKey(getting: stored.url)
        defer { if let key { endRevalidation(key) } }
        if let responseURL {
            // Usually the stored URL itself, whose key is made above.
            let answered = responseURL == stored.url ? key : CacheKey(getting: responseURL)
            guard answered?.primary == stored.key else { return nil }
        }
        guard Self.validatorsAgree(stored: stored.headers, notModified: headerFields) else { return nil }
        var headers = Self.merged(stored.headers, with: headerFields)
        let now = self.now
        if HTTPHeaders.value("Date", in: headerFields) == nil {
            Self.setReceivedDate(now, in: &headers)
        }
        var entry = revalidation.entry
        entry.head.headers = headers
        entry.head.requestTime = min(sentAt ?? now, now)
        entry.head.responseTime = now
        if entry.head.cacheControl.noStore {
            storage.removeAll { $0.key == stored.key && $0.matches(RequestFields(revalidation.original)) }
        } else {
            // Only the response the validator selected is updated (§4.3.4): not one removed or
            // replaced while the request was out. The caller gets the merged answer either way.
            save(entry, for: RequestFields(revalidation.original), replacing: stored)
        }
        return Self.answer(entry, age: freshness(of: entry.head, at: now).age, kind: .revalidated)
    }

    /// The stored fields updated with a `304`'s (§3.2): each field it sends replaces the stored
    /// field of that name, whatever their cases, but for those that describe the stored body's
    /// framing or the connection (``fieldsKeptOnUpdate``) and those never stored.
    ///
    /// A field of the same spelling is replaced in place; only one spelt otherwise is removed.
    /// Removing every match while the dictionary's keys were being walked copied the whole
    /// dictionary for each field a `304` replaced (four copies for nginx's).
    static func merged(_ stored: [String: String], with notModified: [String: String]) -> [String: String] {
        var headers = stored
        for (name, value) in notModified {
            let lowercased = name.lowercased()
            guard !fieldsKeptOnUpdate.contains(lowercased), !fieldsNeverStored.contains(lowercased) else { continue }
            HTTPHeaders.removeOtherSpellings(of: name, from: &headers)
            headers[name] = value
        }
        return headers
    }

    /// Gives a `304` without `Date` the time it was received (RFC 9110 §6.6.1), in place of the stored
    /// response's `Date`: else the revalidated entry's apparent age would count from the old `Date`,
    /// and it would be stale at once. A time no HTTP date spells leaves no `Date` (the arrival time
    /// counts then).
    static func setReceivedDate(_ now: Date, in headers: inout [String: String]) {
        HTTPHeaders.removeOtherSpellings(of: "Date", from: &headers)
        headers["Date"] = nil
        guard HTTPDate.writableSeconds.contains(now.timeIntervalSince1970) else { return }
        headers["Date"] = HTTPDate.format(now)
    }

    /// Removes what an unsafe request changed (RFC 9111 §4.4): after a non-error answer to any method
    /// but `GET`, `HEAD`, `OPTIONS` and `TRACE`, the stored answers for its URL and for the
    /// same-origin URLs in the answer's `Location` and `Content-Location`. Call it for every answer,
    /// whatever the target's policy: a `POST` to a target that caches nothing still changes what
    /// another target cached.
    /// - Parameters:
    ///   - request: The request as sent.
    ///   - statusCode: The answer's status.
    ///   - headerFields: The answer's header fields.
    package func invalidate(after request: URLRequest, statusCode: Int, headerFields: [String: String]) {
        let method = (request.httpMethod ?? "GET").uppercased()
        guard !["GET", "HEAD", "OPTIONS", "TRACE"].contains(method), (200..<400).contains(statusCode),
            let url = request.url, let origin = CacheKey(getting: url)
        else { return }
        var keys = [origin.primary]
        for name in ["Location", "Content-Location"] {
            guard let value = HTTPHeaders.value(name, in: headerFields),
                let target = URL(string: value.trimmingSpaces().description, relativeTo: url)?.absoluteURL,
                Self.sameOrigin(target, url), let key = CacheKey(getting: target)
            else { continue }
            keys.append(key.primary)
        }
        storage.removeAll { keys.contains($0.key) }
    }

    /// Stores `entry` in memory, and on disk unless it answers a request with credentials and the
    /// configuration keeps those off disk; with `expected`, only in place of that stored response.
    private func save(_ entry: CacheEntry, for request: RequestFields, replacing expected: CacheEntry.Head? = nil) {
        let toDisk = entry.head.credential == nil || configuration.storesCredentialedResponsesOnDisk
        storage.save(entry, for: request, toDisk: toDisk, replacing: expected)
    }

    /// §4.3.4: a `304` updates the stored response only if their validators agree: the same entity
    /// tag (weakly compared) when the `304` has one, else the same `Last-Modified` when it has one.
    static func validatorsAgree(stored: [String: String], notModified: [String: String]) -> Bool {
        func weak(_ tag: String) -> Substring {
            let tag = tag.trimmingSpaces()
            let isWeak = tag.utf8.first == UInt8(ascii: "W") && tag.utf8.dropFirst().first == UInt8(ascii: "/")
            return isWeak ? tag.dropFirst(2) : tag
        }
        if let tag = HTTPHeaders.value("ETag", in: notModified) {
            guard let storedTag = HTTPHeaders.value("ETag", in: stored) else { return false }
            return weak(tag) == weak(storedTag)
        }
        if let modified = HTTPHeaders.value("Last-Modified", in: notModified),
            let storedModified = HTTPHeaders.value("Last-Modified", in: stored)
        {
            return HTTPDate.parse(modified) == HTTPDate.parse(storedModified)
        }
        return true
    }

    /// Whether two URLs have the same scheme, host and port (RFC 6454).
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return (scheme, host, url.port ?? (scheme == "https" ? 443 : 80))
        }
        guard let left = origin(lhs), let right = origin(rhs) else { return false }
        return left == right
    }
}
