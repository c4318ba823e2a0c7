import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests for the targets of one API and returns their responses.
///
/// ```swift
/// let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin()])
/// let user = try await provider.request(.userProfile("octocat"), as: User.self)
/// ```
///
/// Each request goes through the pipeline: `endpointClosure` → `requestClosure`, then for each
/// attempt: `stubClosure` → plugins' `prepare` and `adapt` → `willSend` → transport or stub →
/// validation → `didReceive` → `process` → retry decision. A provider is immutable and safe to
/// share between tasks.
public final class Provider<Target: TargetType>: Sendable {
    /// Maps a target to an endpoint.
    public typealias EndpointClosure = (Target) -> Endpoint
    /// Hands the result of building a request back to the provider.
    public typealias RequestResultClosure = @Sendable (Result<URLRequest, CourierError>) -> Void
    /// Turns an endpoint into a `URLRequest`, possibly asynchronously; must call its closure once
    /// (Moya's form). The primary form is an `async` closure, which another initializer takes.
    public typealias RequestClosure = (Endpoint, @escaping RequestResultClosure) -> Void
    /// Decides whether and how a target is stubbed; asked once per attempt.
    public typealias StubClosure = (Target) -> StubBehavior

    /// Maps targets to endpoints.
    public var endpointClosure: EndpointClosure { setup.value.endpointClosure }
    /// Turns endpoints into requests. For a provider made with an `async` request closure, a
    /// callback closure that runs it in a task.
    public var requestClosure: RequestClosure { setup.value.requestClosure }
    /// Decides, for each attempt, whether and how a target is stubbed.
    public var stubClosure: StubClosure { setup.value.stubClosure }
    /// Where completion handlers of callers isolated to no actor run when a request names no
    /// queue; `nil` means Moya's rule (see ``request(_:callbackQueue:progress:completion:isolation:)``).
    public let callbackQueue: DispatchQueue?
    /// Sends real requests.
    public let transport: any HTTPTransport
    /// The plugins, in the order they run.
    public var plugins: [any PluginType] { setup.value.chain.plugins }
    /// Whether identical concurrent requests share one exchange.
    public let trackInflights: Bool
    /// The largest response body accepted, in bytes; `nil` for no limit.
    public let maximumResponseSize: Int64?
    /// Where answers are kept for reuse, for targets whose ``cachePolicy`` (or their own
    /// ``TargetType/cachePolicy``) uses a cache.
    public let cache: HTTPCache
    /// How targets that name no ``TargetType/cachePolicy`` use ``cache``.
    public let cachePolicy: CachePolicy
    /// How the sockets of targets that name no ``TargetType/webSocketConfiguration`` read, ping,
    /// close and compress (see ``webSocket(_:isolation:)``).
    public let webSocketConfiguration: WebSocketConfiguration
    /// Shares one exchange between concurrent requests for the same uncached answer.
    let cacheCoalescer = RequestCoalescer<Result<Response, CourierError>>()

    let inflights = InflightRegistry()
    /// The closures and plugins the provider was made with: the caller's, used only where the
    /// caller runs (see ``CallerIsolated``).
    let setup: CallerIsolated<Setup>
    /// The transport, when it is one of Courier's own that the pipeline calls directly.
    let directTransport: (any DirectTransport)?
    /// Whether each request is checked against the transport's session headers too: not when
    /// they never change and were found to pass with any request (see
    /// ``RequestValidation/alwaysPass(sessionHeaders:)``), which spares every request their check.
    let checksSessionHeaders: Bool

    /// What a provider was made with that belongs to the code that made it.
    struct Setup {
        let endpointClosure: EndpointClosure
        let requestClosure: RequestClosure
        /// How requests are made: `requestClosure`, or the asynchronous closure it runs.
        let requestMaker: RequestMaker
        let stubClosure: StubClosure
        /// The plugins, with what each can do without suspending.
        let chain: PluginChain
    }

    /// How requests are made (see ``Setup``).
    var requestMaker: RequestMaker { setup.value.requestMaker }
    /// The plugins (see ``Setup``).
    var chain: PluginChain { setup.value.chain }

    /// Creates a provider.
    /// - Parameters:
    ///   - endpointClosure: Maps targets to endpoints. ``defaultEndpointMapping(for:)`` by default.
    ///   - requestClosure: Turns endpoints into requests. ``defaultRequestMapping(for:closure:)`` by default.
    ///   - stubClosure: Decides, for each attempt, whether and how a target is stubbed.
    ///     ``neverStub(_:)`` by default.
    ///   - callbackQueue: Where completion handlers run. `nil` by default: an immediate stub
    ///     completes before `request` returns when nothing in the request can suspend (see
    ///     ``request(_:callbackQueue:progress:completion:isolation:)``), anything else completes on the main queue.
    ///   - transport: Sends real requests. ``DefaultTransport/shared`` by default (libcurl on Linux).
    ///   - plugins: The plugins, in the order they run. None by default.
    ///   - trackInflights: Whether identical concurrent requests (same method, URL, headers and
    ///     body) share one exchange and its response. `false` by default.
    ///   - maximumResponseSize: The largest response body accepted in memory, in bytes; a larger
    ///     one fails with ``ResponseTooLargeError``. `nil` (no limit) by default.
    ///   - cache: Where answers are kept for reuse. ``HTTPCache/shared`` (in memory) by default;
    ///     only targets whose policy uses a cache store anything in it.
    ///   - cachePolicy: How targets that name no ``TargetType/cachePolicy`` use `cache`.
    ///     ``CachePolicy/none`` by default: no caching, as before caching existed.
    ///   - webSocketConfiguration: How sockets of targets that name no
    ///     ``TargetType/webSocketConfiguration`` read, ping, close and compress.
    ///     ``WebSocketConfiguration/default`` by default.
    public convenience init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        transport: any HTTPTransport = DefaultTransport.shared,
        plugins: [any PluginType] = [],
        trackInflights: Bool = false,
        maximumResponseSize: Int64? = nil,
        cache: HTTPCache = .shared,
        cachePolicy: CachePolicy = .none,
        webSocketConfiguration: WebSocketConfiguration = .default
    ) {
        self.init(
            endpointClosure: endpointClosure, making: .callback(requestClosure), requestClosure: requestClosure,
            stubClosure: stubClosure, callbackQueue: callbackQueue, transport: transport, plugins: plugins,
            trackInflights: trackInflights, maximumResponseSize: maximumResponseSize, cache: cache,
            cachePolicy: cachePolicy, webSocketConfiguration: webSocketConfiguration)
    }

    /// The initializer every public one ends in: `requestMaker` is how requests are made, and
    /// `requestClosure` how that is offered in Moya's form.
    init(
        endpointClosure: @escaping EndpointClosure, making requestMaker: RequestMaker,
        requestClosure: @escaping RequestClosure, stubClosure: @escaping StubClosure, callbackQueue: DispatchQueue?,
        transport: any HTTPTransport, plugins: [any PluginType], trackInflights: Bool, maximumResponseSize: Int64?,
        cache: HTTPCache = .shared, cachePolicy: CachePolicy = .none,
        webSocketConfiguration: WebSocketConfiguration = .default
    ) {
        self.setup = CallerIsolated(
            Setup(
                endpointClosure: endpointClosure, requestClosure: requestClosure, requestMaker: requestMaker,
                stubClosure: stubClosure, chain: PluginChain(plugins)))
        self.callbackQueue = callbackQueue
        self.transport = transport
        self.directTransport = transport as? any DirectTransport
        self.checksSessionHeaders =
            !(transport is any FixedSessionHeaders
            && RequestValidation.alwaysPass(sessionHeaders: transport.sessionHeaders))
        self.trackInflights = trackInflights
        self.maximumResponseSize = maximumResponseSize
        self.cache = cache
        self.cachePolicy = cachePolicy
        self.webSocketConfiguration = webSocketConfiguration
    }

    /// The endpoint `target` maps to.
    public func endpoint(_ target: Target) -> Endpoint {
        endpointClosure(target)
    }
}

extension URLSessionTransport {
    /// The transport providers use when none is given, shared so that they share connections.
    public static let shared = URLSessionTransport()
}
