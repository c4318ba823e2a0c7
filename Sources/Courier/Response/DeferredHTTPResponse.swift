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
    /// The head's fields, for readers that need them and not the response (the HTTP cache).
    private let fields: (@Sendable () -> [String: String])?
    /// The URL the head answered, for readers that need it and not the response (the HTTP cache).
    private let headURL: (@Sendable () -> URL?)?
    /// `nil` until made; then what was made.
    private let made = LockedValue<HTTPURLResponse??>(nil)

    /// - Parameters:
    ///   - fields: The head's fields as the response would give them (repeated names joined), when
    ///     the transport can give them without making the response.
    ///   - url: The URL the response would give (after redirects; `nil` when `make` gives no response),
    ///     when the transport can give it without making the response; `nil` by default.
    ///   - make: Makes the response; called at most once.
    init(
        fields: (@Sendable () -> [String: String])?, url: (@Sendable () -> URL?)? = nil,
        make: @escaping @Sendable () -> HTTPURLResponse?
    ) {
        self.fields = fields
        self.headURL = url
        self.make = make
    }

    /// A response made by `make` on first read, whose fields are read from it.
    convenience init(_ make: @escaping @Sendable () -> HTTPURLResponse?) {
        self.init(fields: nil, make: make)
    }

    /// The response's header fields, read from the head when the response is not made yet.
    var headerFields: [String: String] {
        if let fields, made.withLock({ $0 == nil }) { return fields() }
        return response.map(HTTPCache.headerFields(of:)) ?? [:]
    }

    /// The response's URL, read from the head when the response is not made yet.
    var url: URL? {
        if let headURL, made.withLock({ $0 == nil }) { return headURL() }
        return response?.url
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

    /// The response's URL, without making a deferred response when its transport kept it; `nil`
    /// without a response.
    var url: URL? {
        switch self {
        case .made(let response): response?.url
        case .deferred(let deferred): deferred.url
        }
    }

    /// The response's header fields, without making a deferred response when its transport kept
    /// them; empty without a response.
    var headerFields: [String: String] {
        switch self {
        case .made(let response): response.map(HTTPCache.headerFields(of:)) ?? [:]
        case .deferred(let deferred): deferred.headerFields
        }
    }
}
