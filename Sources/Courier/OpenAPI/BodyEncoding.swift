import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body made when the request is encoded: for a task that sends a typed body *and* query
/// parameters, which Moya's composite tasks only allow for bodies that are already `Data`.
///
/// ```swift
/// case .search(let query, let filter):
///     .requestCompositeParameters(
///         bodyParameters: [:],
///         bodyEncoding: BodyEncoding(contentType: "application/json") { try JSONEncoder().encode(filter) },
///         urlParameters: ["q": query])
/// ```
///
/// The parameters the encoding is given are ignored: the body is what `make` returns. `make` runs
/// where the request is encoded (``Endpoint/urlRequest()``, on the caller's isolation); what it
/// throws fails the request with ``CourierError/parameterEncoding(_:)``.
public struct BodyEncoding: ParameterEncoding {
    /// The `Content-Type` sent, unless the request already has one.
    public let contentType: String
    private let make: @Sendable () throws -> Data

    /// An encoding whose body is what `make` returns.
    /// - Parameters:
    ///   - contentType: The `Content-Type` sent, unless the target's headers set one.
    ///   - make: Makes the body; runs each time the request is encoded.
    public init(contentType: String, _ make: @escaping @Sendable () throws -> Data) {
        self.contentType = contentType
        self.make = make
    }

    /// `request` with the body `make` returns and, unless it has one, the `Content-Type`.
    /// - Throws: What `make` throws.
    public func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        var request = request
        request.httpBody = try make()
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}
