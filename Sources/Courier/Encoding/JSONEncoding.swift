import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Encodes parameters as a JSON object in the body, with `Content-Type: application/json` unless
/// the request already has a `Content-Type`.
///
/// Keys are sorted at every level, so the same parameters always give the same bytes.
public struct JSONEncoding: ParameterEncoding {
    /// Compact JSON.
    public static let `default` = JSONEncoding()
    /// Indented JSON, easier to read in logs.
    public static let prettyPrinted = JSONEncoding(options: .prettyPrinted)

    /// Options passed to `JSONSerialization`; `.sortedKeys` is always added. Empty by default.
    public let options: JSONSerialization.WritingOptions

    /// Creates a JSON encoding.
    /// - Parameter options: Options passed to `JSONSerialization`. Empty by default.
    public init(options: JSONSerialization.WritingOptions = []) {
        self.options = options
    }

    /// Writes `parameters` as the request's JSON body; `nil` leaves the request as it is.
    /// - Throws: ``ParameterEncodingError/invalidJSONObject(key:)`` naming the first key that is
    ///   not valid JSON, instead of the crash `JSONSerialization` would cause.
    public func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        guard let parameters else { return request }
        let object = parameters as [String: Any]
        guard JSONSerialization.isValidJSONObject(object) else {
            let key = object.keys.sorted().first { !JSONSerialization.isValidJSONObject([$0: object[$0] ?? NSNull()]) }
            throw ParameterEncodingError.invalidJSONObject(key: key)
        }
        var request = request
        request.httpBody = try JSONSerialization.data(withJSONObject: object, options: options.union(.sortedKeys))
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}
