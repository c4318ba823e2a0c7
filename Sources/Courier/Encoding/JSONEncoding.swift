import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Encodes parameters as a JSON object in the body, with `Content-Type: application/json` unless
/// the request already has a `Content-Type`.
///
/// The bytes are `JSONSerialization`'s, as with Alamofire, with keys sorted at every level, so the
/// same parameters always give the same bytes. Before anything is written the parameters are
/// checked, without recursion: a value JSON cannot hold, or nesting deeper than
/// ``HTTPTask/maximumNestingDepth``, throws an error naming the key, where `JSONSerialization`
/// would stop the process or overflow the stack.
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

    /// Writes `parameters` as the request's JSON body (`{}` for empty parameters); `nil` leaves the
    /// request as it is.
    /// - Throws: ``ParameterEncodingError/unsupportedValue(key:type:)`` naming the first value that
    ///   JSON cannot hold (a `Date`, `Double.nan`, a type of your own…);
    ///   ``ParameterEncodingError/nestingTooDeep(key:limit:)``.
    public func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        guard let parameters else { return request }
        try JSONValueCheck.check(parameters)
        var request = request
        do {
            request.httpBody = try JSONSerialization.data(
                withJSONObject: parameters as [String: Any], options: options.union(.sortedKeys))
        } catch {
            throw ParameterEncodingError.jsonEncodingFailed(error: error)
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}
