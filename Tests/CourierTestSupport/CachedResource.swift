import Courier
import Foundation

/// A request for a test origin's path under a cache policy: the target of the cache's wire tests.
public struct CachedResource: TargetType, Sendable {
    /// The origin, e.g. a ``CacheOrigin``'s base URL.
    public let baseURL: URL
    /// The path, e.g. `/news`.
    public let path: String
    /// `GET` unless given.
    public let method: HTTPMethod
    /// The request's own header fields; none unless given.
    public let headers: [String: String]?
    /// The policy. ``CachePolicy/httpSemantics`` unless given.
    public let cachePolicy: CachePolicy?
    /// The idle timeout: 5 seconds unless given.
    public let timeoutInterval: TimeInterval?
    /// No body.
    public var task: HTTPTask { .requestPlain }

    /// `path` on `baseURL` under `cachePolicy`, waiting `timeoutInterval` seconds at most for a byte.
    public init(
        _ baseURL: URL, _ path: String, method: HTTPMethod = .get, headers: [String: String]? = nil,
        cachePolicy: CachePolicy? = .httpSemantics, timeoutInterval: TimeInterval = 5
    ) {
        self.baseURL = baseURL
        self.path = path
        self.method = method
        self.headers = headers
        self.cachePolicy = cachePolicy
        self.timeoutInterval = timeoutInterval
    }
}
