import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Something that can become a `URLRequest`, as Alamofire names it: the type of the request that
/// a ``ParameterEncoding`` written in Alamofire's shape receives. `URLRequest` conforms.
public protocol URLRequestConvertible {
    /// The request.
    /// - Throws: Any error that prevents building it.
    func asURLRequest() throws -> URLRequest
}

extension URLRequestConvertible {
    /// The request, or `nil` when ``asURLRequest()`` throws.
    public var urlRequest: URLRequest? { try? asURLRequest() }
}

extension URLRequest: URLRequestConvertible {
    /// The request itself.
    public func asURLRequest() throws -> URLRequest { self }
}
