import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Moya's names for setting up a provider, so that set-up code compiles after the renames.
extension Provider {
    /// Creates a provider with Moya's parameter list: `session:` is the transport.
    ///
    /// `MoyaProvider(…, session: MoyaProvider<Target>.defaultAlamofireSession(), …)` becomes
    /// `Provider(…, session: Provider<Target>.defaultTransport(), …)`; `transport:` is the same
    /// parameter under Courier's name (see ``init(endpointClosure:requestClosure:stubClosure:callbackQueue:transport:plugins:trackInflights:maximumResponseSize:)``).
    /// - Parameters:
    ///   - endpointClosure: Maps targets to endpoints. ``defaultEndpointMapping(for:)`` by default.
    ///   - requestClosure: Turns endpoints into requests. ``defaultRequestMapping(for:closure:)`` by default.
    ///   - stubClosure: Decides which targets are stubbed. ``neverStub(_:)`` by default.
    ///   - callbackQueue: Where completion handlers run. `nil` by default.
    ///   - session: Sends real requests: a ``URLSessionTransport`` (Alamofire's `Session`) or any
    ///     ``HTTPTransport``. No default, so that calls without it use the main initialiser.
    ///   - plugins: The plugins, in the order they run. None by default.
    ///   - trackInflights: Whether identical concurrent requests share one exchange. `false` by default.
    public convenience init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        session: any HTTPTransport,
        plugins: [any PluginType] = [],
        trackInflights: Bool = false
    ) {
        self.init(
            endpointClosure: endpointClosure, requestClosure: requestClosure, stubClosure: stubClosure,
            callbackQueue: callbackQueue, transport: session, plugins: plugins, trackInflights: trackInflights)
    }

    /// The transport a provider uses when none is given, ``URLSessionTransport/shared``; Moya's
    /// `defaultAlamofireSession()`, which made a session whose configuration carried
    /// `HTTPHeaders.default`, as this one's does (``URLSessionTransport/defaultHeaders``).
    public static func defaultTransport() -> URLSessionTransport {
        .shared
    }
}
