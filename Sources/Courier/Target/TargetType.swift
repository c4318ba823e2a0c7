import Foundation

/// Describes one endpoint of an API: where it lives, how it is called and what a stub answers.
///
/// Declare an API as an `enum` whose cases are its endpoints. Four members are required; the rest
/// (`pathIsPercentEncoded`, `headers`, `sampleData`, `validationType`, timeouts, `decoder`,
/// `cachePolicy`, `credentialHeaders`) have defaults.
///
/// ```swift
/// enum GitHub: TargetType {
///     case zen, userProfile(String)
///     var baseURL: URL { URL(string: "https://api.github.com")! }
///     var path: String {
///         switch self {
///         case .zen: "/zen"
///         case .userProfile(let name): "/users/\(name)"
///         }
///     }
///     var method: HTTPMethod { .get }
///     var task: HTTPTask { .requestPlain }
/// }
/// ```
public protocol TargetType {
    /// The API's base URL, e.g. `https://api.github.com`.
    var baseURL: URL { get }

    /// The path appended to `baseURL`, e.g. `/users/octocat`. An empty path leaves `baseURL` unchanged.
    ///
    /// The path is literal text, as in Moya: every character that is not allowed in a URL path is
    /// percent-encoded, `%` included (`/coupons/100%AB` is sent as `/coupons/100%25AB`), so
    /// interpolate raw values, never escaped ones. A `.` or `..` segment fails the request with
    /// ``CourierError/requestMapping(_:)``, so user input cannot climb out of the base URL's path.
    var path: String { get }

    /// Whether ``path`` is percent-encoded already. `false` by default: the path is literal text.
    ///
    /// A `/` in a value interpolated into a literal path starts a new segment, and a `%` is sent as
    /// `%25`, so literal text cannot say "one segment holding `a/b`". When this is `true`, the path's
    /// `%` escapes are sent as written (`/files/a%2Fb` keeps its `%2F`, which the server reads as
    /// one segment) and only what a path cannot hold is still escaped: a space, `?`, `#`,
    /// non-ASCII letters, and a `%` that starts no escape. Escape each value yourself, with
    /// everything but letters, digits and `-._~`:
    ///
    /// ```swift
    /// var pathIsPercentEncoded: Bool { true }
    /// var path: String {
    ///     let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    ///     return "/files/\(name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    /// }
    /// ```
    ///
    /// A `.` or `..` segment is refused either way, `%2E` written for a dot included. Clients
    /// `courier-openapi` generates say `true`: they escape path parameters as OpenAPI's styles do.
    var pathIsPercentEncoded: Bool { get }

    /// The HTTP method of the request.
    var method: HTTPMethod { get }

    /// What the request carries: nothing, a body, parameters, an upload or a download.
    var task: HTTPTask { get }

    /// Headers sent with every request of this target. `nil` by default.
    var headers: [String: String]? { get }

    /// What a stubbed provider answers for this target. Empty by default.
    var sampleData: Data { get }

    /// Which status codes count as success. `.none` by default: every status code is accepted.
    var validationType: ValidationType { get }

    /// How long the request may wait for data before it fails with `URLError.timedOut`.
    ///
    /// `nil` by default, which keeps the timeout of the `URLRequest` built by the provider's
    /// `requestClosure` (60 seconds unless that closure sets another).
    var timeoutInterval: TimeInterval? { get }

    /// How long one exchange with the server may take in all, from sending the request to the last
    /// byte of the response, before it fails with `URLError(.timedOut)`; `nil` for no limit.
    ///
    /// ``timeoutInterval`` only limits how long the request waits for *more* data, so a server
    /// that trickles a byte now and then would hold it forever; this is the total limit, named
    /// after `URLSessionConfiguration.timeoutIntervalForResource`. The provider enforces it around
    /// every transport, for each attempt. By default: 300 seconds for requests whose response is
    /// kept in memory, and no limit for uploads and downloads, which may legitimately take longer.
    var timeoutIntervalForResource: TimeInterval? { get }

    /// The decoder `request(_:as:)` uses for this target when the call names none, e.g. a
    /// `JSONDecoder` with this API's date and key strategies. A new `JSONDecoder` by default.
    var decoder: any DataDecoder { get }

    /// How this target's requests use the provider's ``HTTPCache`` (see ``CachePolicy``).
    ///
    /// `nil` by default: the provider's ``Provider/cachePolicy``, which is ``CachePolicy/none``
    /// (no cache, as before caching existed) unless the provider was given another. Streams,
    /// uploads and downloads never use the cache.
    var cachePolicy: CachePolicy? { get }

    /// Names of this target's request headers that hold credentials, besides those Courier knows
    /// (`Authorization`, `Proxy-Authorization`, `Cookie`, and every name ``Redaction/default``
    /// hides: `X-API-Key`, `X-Auth-Token`, …), matched in any case.
    ///
    /// Both transports drop them from a redirect to another origin, as they drop the known ones, and
    /// `NetworkLoggerPlugin` hides their values. Name a header here when your API's credential has
    /// a name no rule can tell (`X-Session`, `X-Client`): a generated client names its API-key
    /// headers here. Empty by default.
    ///
    /// ```swift
    /// var credentialHeaders: Set<String> { ["X-Session"] }
    /// ```
    var credentialHeaders: Set<String> { get }

    /// How a WebSocket opened for this target reads, pings, closes and compresses (see
    /// ``WebSocketConfiguration``).
    ///
    /// `nil` by default: the provider's `webSocketConfiguration`, which is
    /// ``WebSocketConfiguration/default`` unless the provider was given another.
    var webSocketConfiguration: WebSocketConfiguration? { get }
}

extension TargetType {
    /// The path is literal text.
    public var pathIsPercentEncoded: Bool { false }

    /// No extra headers.
    public var headers: [String: String]? { nil }

    /// An empty body.
    public var sampleData: Data { Data() }

    /// No validation: every status code is a success.
    public var validationType: ValidationType { .none }

    /// No per-target timeout.
    public var timeoutInterval: TimeInterval? { nil }

    /// 300 seconds, or `nil` (no limit) for uploads and downloads.
    public var timeoutIntervalForResource: TimeInterval? {
        task.hasTransferBody ? nil : 300
    }

    /// A plain `JSONDecoder`.
    public var decoder: any DataDecoder { JSONDecoder() }

    /// The provider's cache policy.
    public var cachePolicy: CachePolicy? { nil }

    /// None besides the known ones.
    public var credentialHeaders: Set<String> { [] }

    /// The provider's WebSocket configuration.
    public var webSocketConfiguration: WebSocketConfiguration? { nil }
}
