import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a response may be stored (RFC 9111 §3), and if not, why: one reason per rule, so a test
/// or a log can say which rule refused it.
package enum Storability: Equatable, Sendable {
    case storable
    /// Not a `GET` of an http(s) URL.
    case methodNotCached
    /// A `1xx`, a `304`, a partial `206`, or a status the cache does not understand under `must-understand`.
    case statusNotCached
    /// `no-store` on the request or the response (§5.2.1.5, §5.2.2.5).
    case noStore
    /// `Vary: *`: no later request can match it (§4.1).
    case varyStar
    /// Nothing makes it storable: no `max-age`, `Expires`, `public`, `private`, and a status that is
    /// not heuristically cacheable (§3, last item).
    case noFreshnessInformation
    /// A `Range` request, or a body shorter than its `Content-Length` (§3.3: incomplete).
    case incomplete
    /// Larger than the cache's entry limit, by `Content-Length` or by the body received.
    case tooLarge
    /// The transport followed a redirect: the answer belongs to another URL than the request's.
    case redirected

    /// Status codes the cache understands, for `must-understand` (§5.2.2.3).
    static let understoodStatusCodes = Freshness.heuristicallyCacheable.union([302, 303, 307, 400, 403, 500, 502, 503])

    /// Decides whether the answer to `request` may be stored.
    /// - Parameters:
    ///   - request: The request as sent.
    ///   - statusCode: The answer's status.
    ///   - headers: The answer's header fields.
    ///   - bodyCount: The bytes of body received.
    ///   - responseURL: The URL the answer came from, when the transport says.
    ///   - maximumEntrySize: The largest entry the cache stores.
    static func of(
        request: URLRequest, statusCode: Int, headers: [String: String], bodyCount: Int, responseURL: URL?,
        maximumEntrySize: Int, fields: RequestFields? = nil
    ) -> Storability {
        guard CacheKey(request) != nil else { return .methodNotCached }
        let fields = fields ?? RequestFields(request)
        let response = CacheControl(HTTPHeaders.value("Cache-Control", in: headers), isRequest: false)
        let requestControl = CacheControl(fields["cache-control"], isRequest: true)
        let understood = understoodStatusCodes.contains(statusCode)
        guard statusCode >= 200, statusCode != 206, statusCode != 304, statusCode <= 999 else {
            return .statusNotCached
        }
        if response.mustUnderstand && !understood { return .statusNotCached }
        if requestControl.noStore || (response.noStore && !(response.mustUnderstand && understood)) {
            return .noStore
        }
        if CacheKey.varyNames(HTTPHeaders.value("Vary", in: headers)) == ["*"] { return .varyStar }
        let hasFreshness =
            response.maxAge != nil || HTTPHeaders.value("Expires", in: headers) != nil || response.isPublic
            || response.isPrivate || Freshness.heuristicallyCacheable.contains(statusCode)
        guard hasFreshness else { return .noFreshnessInformation }
        if fields["range"] != nil { return .incomplete }
        if let responseURL, let sent = request.url,
            CacheKey(getting: responseURL)?.primary != CacheKey(getting: sent)?.primary
        {
            return .redirected
        }
        let declared = HTTPHeaders.value("Content-Length", in: headers).flatMap { Int($0.trimmingSpaces()) }
        if bodyCount > maximumEntrySize || (declared ?? 0) > maximumEntrySize { return .tooLarge }
        // A transport that decoded a `Content-Encoding` hands over more bytes than `Content-Length`
        // counts; only an unencoded body can be checked for truncation.
        if let declared, HTTPHeaders.value("Content-Encoding", in: headers) == nil, declared != bodyCount {
            return .incomplete
        }
        return .storable
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring { self[...].trimmingSpaces() }
}
