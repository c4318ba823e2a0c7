import Courier

extension Provider {
    /// Creates a provider that answers every request from `stubs`, through the same plugins and
    /// validation as real requests.
    ///
    /// ```swift
    /// let provider = Provider(stubs: Stubs<GitHub>().on(.zen, .status(500)))
    /// ```
    /// - Parameters:
    ///   - stubs: The answers.
    ///   - endpointClosure: Maps targets to endpoints; their sample responses are replaced by the
    ///     stubs' answers (``StubResponse/sampleData`` still answers the endpoint's own).
    ///     ``defaultEndpointMapping(for:)`` by default.
    ///   - requestClosure: Turns endpoints into requests. ``defaultRequestMapping(for:closure:)`` by default.
    ///   - callbackQueue: Where completion handlers run. `nil` by default: an undelayed stub
    ///     completes before `request` returns.
    ///   - plugins: The plugins, in the order they run. None by default.
    ///   - trackInflights: Whether identical concurrent requests share one answer. `false` by default.
    public convenience init(
        stubs: Stubs<Target>,
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping,
        callbackQueue: DispatchQueue? = nil,
        plugins: [any PluginType] = [],
        trackInflights: Bool = false
    ) {
        self.init(
            endpointClosure: stubs.endpointClosure(endpointClosure),
            requestClosure: requestClosure,
            stubClosure: stubs.stubClosure,
            callbackQueue: callbackQueue,
            plugins: plugins + stubs.plugins,
            trackInflights: trackInflights)
    }
}

extension Provider {
    /// `stubClosure` with every `.delayed` stub answering at once (`.immediate`); `.never` and
    /// `.immediate` are kept. For tests of code that builds its provider with ``delayedStub(_:)``:
    ///
    /// ```swift
    /// let provider = Provider<GitHub>(stubClosure: Provider.withoutDelays(Provider.delayedStub(2)))
    /// ```
    public static func withoutDelays(_ stubClosure: @escaping StubClosure) -> StubClosure {
        { target in
            let behavior = stubClosure(target)
            guard case .delayed = behavior else { return behavior }
            return .immediate
        }
    }
}
