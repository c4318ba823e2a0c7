import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Places a request's parameters: in the query string, in the body, or however an encoding chooses.
///
/// Courier ships ``URLEncoding`` and ``JSONEncoding``. To write your own, implement either
/// method; the other one forwards to it:
///
/// - Courier's: `func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest`.
/// - Alamofire's, so that an encoding written for Moya compiles unchanged:
///   `func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest`.
///   Its parameters are the task's, copied as ``RequestParameters`` describes: values of your own
///   types that came as `Any` arrive as their text, and `nil` or `NSNull` as `Optional.none`.
///
/// Throw any error to fail the request with ``CourierError/parameterEncoding(_:)``.
public protocol ParameterEncoding: Sendable {
    /// Returns `request` with `parameters` encoded into it.
    func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest

    /// Returns the request with `parameters` encoded into it: the same method in Alamofire's shape.
    func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest
}

extension ParameterEncoding {
    /// Calls the Alamofire-shaped `encode`, for encodings that implement only that one.
    public func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        try encode(ForwardedRequest(request: request) as any URLRequestConvertible, with: parameters as Parameters?)
    }

    /// Calls Courier's `encode` with `parameters` copied into `Sendable` values, for encodings
    /// that implement only that one.
    /// - Throws: ``ParameterEncodingError/customEncodingFailed(error:)`` when the encoding
    ///   implements neither method.
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        if urlRequest is ForwardedRequest {
            throw ParameterEncodingError.customEncodingFailed(error: NoEncodeMethodError(encoding: Self.self))
        }
        let request = try urlRequest.asURLRequest()
        guard let parameters else { return try encode(request, with: nil as [String: any Sendable]?) }
        return try encode(request, with: try RequestParameters(parameters).checked())
    }
}

/// The request Courier's default `encode` hands to the Alamofire-shaped one; seeing it come back
/// means the encoding implements neither.
private struct ForwardedRequest: URLRequestConvertible {
    let request: URLRequest
    func asURLRequest() throws -> URLRequest { request }
}

private struct NoEncodeMethodError: Error, CustomStringConvertible, LocalizedError {
    let encoding: Any.Type
    var description: String {
        "\(encoding) implements neither encode(_:with:) method of ParameterEncoding; implement one of them."
    }
    var errorDescription: String? { description }
}
