import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An answer that comes from an ``HTTPCache`` rather than straight from the network.
public struct CachedResponse: Sendable, Equatable {
    /// Why the cache gives this answer.
    public enum Kind: Sendable, Hashable {
        /// Fresh by the server's headers (or reused as the policy allows): no request was sent.
        case fresh
        /// Stale, and allowed: by the request's `max-stale`, the server's `stale-while-revalidate`,
        /// or a policy that reuses any stored answer.
        case stale
        /// Stored, checked with the server, which answered `304 Not Modified`.
        case revalidated
        /// Stale, given because the network failed: `stale-if-error` or an offline fallback.
        case staleAfterError
        /// Nothing usable was stored and the request said `only-if-cached`: a `504 Gateway Timeout`
        /// made by the cache (RFC 9111 §5.2.1.7), with no body.
        case unsatisfiable
    }

    /// The stored status code (`504` for ``Kind/unsatisfiable``).
    public let statusCode: Int
    /// The stored header fields, updated by any `304`, with `Age` set to the answer's age in seconds.
    public let headerFields: [String: String]
    /// The stored body.
    public let body: Data
    /// The URL of the request the answer was stored for.
    public let url: URL
    /// Why the cache gives this answer.
    public let kind: Kind

    /// Creates a cached answer.
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headerFields: The header fields.
    ///   - body: The body.
    ///   - url: The URL it answers.
    ///   - kind: Why the cache gives it.
    public init(statusCode: Int, headerFields: [String: String], body: Data, url: URL, kind: Kind) {
        self.statusCode = statusCode
        self.headerFields = headerFields
        self.body = body
        self.url = url
        self.kind = kind
    }

    /// The answer as an `HTTPURLResponse`, for a ``Response``; `nil` only where Foundation refuses
    /// the status code.
    var httpURLResponse: HTTPURLResponse? {
        HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headerFields)
    }
}
