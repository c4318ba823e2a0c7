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
    /// parameter under Courier's name (see the designated initializer).
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

    /// Moya's `defaultAlamofireSession()`: the shared ``URLSessionTransport``, whose configuration
    /// carries the default headers as Alamofire's `HTTPHeaders.default` did
    /// (``URLSessionTransport/defaultHeaders``). It returns the URLSession transport, as Moya
    /// returned a `Session`, so migrated code that names the type keeps compiling; a provider given
    /// no transport at all uses ``DefaultTransport/shared`` instead (libcurl on Linux).
    public static func defaultTransport() -> URLSessionTransport {
        .shared
    }
}
