extension Provider {
    /// An endpoint closure that sends every target to `baseURL` instead of the target's own: a
    /// staging server, a local mock, a server variable the API's description leaves open.
    ///
    /// ```swift
    /// let provider = Provider<Petstore>(endpointClosure: Provider.endpointMapping(baseURL: staging))
    /// ```
    ///
    /// The endpoint is the default mapping's (``defaultEndpointMapping(for:)``) with the target's
    /// `baseURL` replaced: the path, task, headers and sample response stay the target's.
    /// - Parameter baseURL: Where the requests go, e.g. `http://127.0.0.1:8080/v1`.
    public static func endpointMapping(baseURL: URL) -> EndpointClosure {
        let base = baseURL.absoluteString
        return { target in
            let endpoint = defaultEndpointMapping(for: target)
            let own = TargetURL.string(baseURL: target.baseURL, path: "")
            guard endpoint.url.hasPrefix(own) else { return endpoint }
            var rest = endpoint.url.dropFirst(own.count)
            var joined = base
            if joined.hasSuffix("/"), rest.hasPrefix("/") { rest = rest.dropFirst() }
            if !joined.hasSuffix("/"), !rest.isEmpty, !rest.hasPrefix("/"), !rest.hasPrefix("?") { joined += "/" }
            joined += rest
            return Endpoint(
                url: joined, sampleResponseClosure: endpoint.sampleResponseClosure, method: endpoint.method,
                task: endpoint.task, httpHeaderFields: endpoint.httpHeaderFields)
        }
    }
}
