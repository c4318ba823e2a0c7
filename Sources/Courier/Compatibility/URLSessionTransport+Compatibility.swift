import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// What Moya code set up with Alamofire's `Session` becomes: `Session` is `URLSessionTransport`.
extension URLSessionTransport {
    /// The headers ``defaultConfiguration()`` adds to every request: `Accept-Encoding`,
    /// `Accept-Language` and `User-Agent`, as Alamofire's `HTTPHeaders.default` did. Moya's
    /// `configuration.headers = .default` is `configuration.httpAdditionalHeaders = URLSessionTransport.defaultHeaders`.
    public static var defaultHeaders: [String: String] { DefaultHeaders.all }

    /// `URLSessionConfiguration.ephemeral` (no cookies, credentials or cache kept on disk) with the
    /// headers ``defaultConfiguration()`` adds, as Alamofire's `URLSessionConfiguration.af.ephemeral`
    /// was; `URLSessionConfiguration.af.default` is ``defaultConfiguration()``.
    public static func ephemeralConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = DefaultHeaders.all
        return configuration
    }

    /// The transport providers share by default, ``shared``; Alamofire's `Session.default`.
    public static var `default`: URLSessionTransport { shared }

    /// Creates a transport with its own session, as Alamofire's
    /// `Session(configuration:startRequestsImmediately:)` did.
    /// - Parameters:
    ///   - configuration: The session configuration.
    ///   - startRequestsImmediately: Ignored: a transport sends each request when the provider
    ///     hands it over, which is what Moya asked for with `false`.
    public convenience init(configuration: URLSessionConfiguration, startRequestsImmediately: Bool) {
        self.init(configuration: configuration)
    }
}
