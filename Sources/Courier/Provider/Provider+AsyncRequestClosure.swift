import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// Creates a provider whose requests are made by an `async` closure.
    ///
    /// ```swift
    /// let provider = Provider<GitHub>(requestClosure: { endpoint throws(CourierError) in
    ///     var request = try endpoint.urlRequest()
    ///     request.setValue(await session.deviceID(), forHTTPHeaderField: "X-Device")
    ///     return request
    /// })
    /// ```
    ///
    /// Swift does not infer a closure's error type, so a closure that throws `CourierError` says
    /// so (`endpoint throws(CourierError) in`); an unmarked closure that throws is taken by the
    /// initializer whose closure may throw any error, which wraps other errors.
    ///
    /// The closure runs in a task of its own, where its own isolation says (a closure written on
    /// the main actor runs there), and the request awaits it, so an immediate stub of such a
    /// provider completes after the completion-handler `request` returns. Cancelling the request
    /// ends that wait at once with ``CourierError/cancelled`` and cancels the closure's task, which
    /// the closure sees as any `async` code does (`Task.isCancelled`, a cancelled `Task.sleep`);
    /// what it returns after that is dropped.
    /// - Parameters:
    ///   - endpointClosure: Maps targets to endpoints. ``defaultEndpointMapping(for:)`` by default.
    ///   - requestClosure: Turns endpoints into requests; a thrown ``CourierError`` fails the
    ///     request before any plugin runs.
    ///   - stubClosure: Decides, for each attempt, whether and how a target is stubbed.
    ///     ``neverStub(_:)`` by default.
    ///   - callbackQueue: Where completion handlers run. `nil` by default: the main queue.
    ///   - transport: Sends real requests. ``DefaultTransport/shared`` by default (libcurl on Linux).
    ///   - plugins: The plugins, in the order they run. None by default.
    ///   - trackInflights: Whether identical concurrent requests share one exchange. `false` by default.
    ///   - maximumResponseSize: The largest response body accepted in memory, in bytes. `nil` by default.
    ///   - cache: Where answers are kept for reuse. ``HTTPCache/shared`` by default.
    ///   - cachePolicy: How targets that name no ``TargetType/cachePolicy`` use `cache`. ``CachePolicy/none`` by default.
    ///   - webSocketConfiguration: How sockets of targets that name no
    ///     ``TargetType/webSocketConfiguration`` read, ping, close and compress.
    ///     ``WebSocketConfiguration/default`` by default.
    public convenience init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        requestClosure: @escaping (Endpoint) async throws(CourierError) -> URLRequest,
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
        let make: (Endpoint) async -> RequestMaker.Outcome = { endpoint in
            do throws(CourierError) {
                return .success(try await requestClosure(endpoint))
            } catch {
                return .failure(error)
            }
        }
        // Moya's form of the same closure, for code that reads `requestClosure`: it runs the async
        // closure in a task of its own, where that closure's isolation says.
        let caller = CallerIsolated(make)
        self.init(
            endpointClosure: endpointClosure, making: .async(make),
            requestClosure: { endpoint, done in
                let call = CallerIsolated(endpoint)
                Task { done(await caller.value(call.value)) }
            },
            stubClosure: stubClosure, callbackQueue: callbackQueue, transport: transport, plugins: plugins,
            trackInflights: trackInflights, maximumResponseSize: maximumResponseSize, cache: cache,
            cachePolicy: cachePolicy, webSocketConfiguration: webSocketConfiguration)
    }

    /// Creates a provider whose requests are made by an `async` closure that may throw any error.
    ///
    /// ```swift
    /// let provider = Provider<GitHub>(requestClosure: { endpoint in
    ///     var request = try endpoint.urlRequest()
    ///     request.setValue(try await keychain.deviceID(), forHTTPHeaderField: "X-Device")
    ///     return request
    /// })
    /// ```
    ///
    /// A thrown ``CourierError`` fails the request as it is; any other error as
    /// ``CourierError/underlying(_:_:)``, without a response. Everything else is as for an
    /// `async` request closure that throws ``CourierError``.
    /// - Parameters:
    ///   - endpointClosure: Maps targets to endpoints. ``defaultEndpointMapping(for:)`` by default.
    ///   - requestClosure: Turns endpoints into requests.
    ///   - stubClosure: Decides, for each attempt, whether and how a target is stubbed.
    ///     ``neverStub(_:)`` by default.
    ///   - callbackQueue: Where completion handlers run. `nil` by default: the main queue.
    ///   - transport: Sends real requests. ``DefaultTransport/shared`` by default (libcurl on Linux).
    ///   - plugins: The plugins, in the order they run. None by default.
    ///   - trackInflights: Whether identical concurrent requests share one exchange. `false` by default.
    ///   - maximumResponseSize: The largest response body accepted in memory, in bytes. `nil` by default.
    ///   - cache: Where answers are kept for reuse. ``HTTPCache/shared`` by default.
    ///   - cachePolicy: How targets that name no ``TargetType/cachePolicy`` use `cache`. ``CachePolicy/none`` by default.
    ///   - webSocketConfiguration: How sockets of targets that name no
    ///     ``TargetType/webSocketConfiguration`` read, ping, close and compress.
    ///     ``WebSocketConfiguration/default`` by default.
    public convenience init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        requestClosure: @escaping (Endpoint) async throws -> URLRequest,
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
            endpointClosure: endpointClosure,
            requestClosure: { endpoint throws(CourierError) in
                do {
                    return try await requestClosure(endpoint)
                } catch {
                    throw .wrapping(error)
                }
            },
            stubClosure: stubClosure, callbackQueue: callbackQueue, transport: transport, plugins: plugins,
            trackInflights: trackInflights, maximumResponseSize: maximumResponseSize, cache: cache,
            cachePolicy: cachePolicy, webSocketConfiguration: webSocketConfiguration)
    }
}
