import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Places a request's parameters: in the query string, in the body, or however an encoding chooses.
///
/// Courier ships ``URLEncoding`` and ``JSONEncoding``; conform your own type for other formats.
/// Throw any error to fail the request with ``CourierError/parameterEncoding(_:)``.
public protocol ParameterEncoding: Sendable {
    /// Returns `request` with `parameters` encoded into it.
    func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest
}
