/// Why a parameter encoding failed. Carried by ``CourierError/parameterEncoding(_:)``.
public enum ParameterEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request has no URL to add a query string to.
    case missingURL
    /// The value at `key` has a type the encoding cannot represent, e.g. a `Date` in a query string.
    case unsupportedValue(key: String, type: String)
    /// The parameters are not a valid JSON object (for example a `Double.nan` or a custom type).
    case invalidJSONObject(key: String?)
    /// A body encoding was asked to put its parameters somewhere other than the body.
    case bodyEncodingWithoutBody(String)

    /// A sentence that names what was wrong and where.
    public var description: String {
        switch self {
        case .missingURL:
            "The request has no URL, so its parameters cannot be added to a query string."
        case .unsupportedValue(let key, let type):
            "Parameter \"\(key)\" has a value of type \(type), which URL encoding cannot represent; "
                + "pass a string, number, Bool, array or dictionary."
        case .invalidJSONObject(let key?):
            "Parameter \"\(key)\" cannot be written as JSON (NaN, infinity or a non-JSON type)."
        case .invalidJSONObject(nil):
            "The parameters cannot be written as JSON (NaN, infinity or a non-JSON type)."
        case .bodyEncodingWithoutBody(let encoding):
            "\(encoding) was used as a body encoding but does not write a body; use URLEncoding.httpBody "
                + "or JSONEncoding."
        }
    }
}
