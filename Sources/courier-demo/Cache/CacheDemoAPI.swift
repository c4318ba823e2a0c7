import Courier
import Foundation

/// httpbin's caching endpoints, each with the cache policy that shows it best.
enum CacheDemoAPI: TargetType {
    /// `/cache/N`: `Cache-Control: public, max-age=N`; `offline` only marks the step.
    case cached(URL, seconds: Int, offline: Bool = false)
    /// `/etag/TAG`: that `ETag`, and `304` to a matching `If-None-Match`.
    case etag(URL, String)

    var baseURL: URL {
        switch self {
        case .cached(let url, _, _), .etag(let url, _): url
        }
    }
    var path: String {
        switch self {
        case .cached(_, let seconds, _): "/cache/\(seconds)"
        case .etag(_, let tag): "/etag/\(tag)"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var validationType: ValidationType { .successCodes }

    var cachePolicy: CachePolicy? {
        switch self {
        case .cached: .offlineFallback
        case .etag: .alwaysRevalidate
        }
    }

    /// Whether the step runs with the network switched off.
    var isOffline: Bool {
        if case .cached(_, _, true) = self { return true }
        return false
    }
}
