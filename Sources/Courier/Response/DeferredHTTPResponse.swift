import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPURLResponse` made the first time someone reads it, from a head a transport kept.
///
/// On Linux, FoundationNetworking's `HTTPURLResponse(url:statusCode:httpVersion:headerFields:)`
/// canonicalises every header name (`capitalized`, a locale-aware comparison) and then scans the
/// fields three more times: about a tenth of the CPU of a small request over the curl transport,
/// measured with `perf`. Most callers read the status and the body only, so ``Response`` makes it
/// when ``Response/response`` is first read (by a plugin, a download destination, the caller),
/// once, and every later read gets the same object.
final class DeferredHTTPResponse: Sendable {
    private let make: @Sendable () -> HTTPURLResponse?
    /// `nil` until made; then what was made.
    private let made = LockedValue<HTTPURLResponse??>(nil)

    /// - Parameter make: Makes the response; called at most once.
    init(_ make: @escaping @Sendable () -> HTTPURLResponse?) {
        self.make = make
    }

    /// The response, made now if this is the first read.
    var response: HTTPURLResponse? {
        made.withLock { made in
            if let made { return made }
            let response = make()
            made = .some(response)
            return response
        }
    }
}

/// Where a ``Response``'s `HTTPURLResponse` comes from.
enum HTTPResponseSource: Sendable {
    /// Given when the response was made (`nil` for stubs' `.networkResponse` and hand-made responses).
    case made(HTTPURLResponse?)
    /// Made on first read.
    case deferred(DeferredHTTPResponse)

    var response: HTTPURLResponse? {
        switch self {
        case .made(let response): response
        case .deferred(let deferred): deferred.response
        }
    }
}
