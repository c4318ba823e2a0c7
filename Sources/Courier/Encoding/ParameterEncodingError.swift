import Foundation

/// Why a parameter encoding failed. Carried by ``CourierError/parameterEncoding(_:)``.
///
/// Every case that concerns a value names its key path, written as the form encodings write it
/// (`user[address][zip]`, `ids[]`), and the value's type.
public enum ParameterEncodingError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The request has no URL to add a query string to.
    case missingURL
    /// The value at `key` has a type the encoding cannot write, e.g. a `Date`, a `Double.nan` or a
    /// type of your own in a JSON body. `type` names the value's type.
    case unsupportedValue(key: String, type: String)
    /// A body encoding was asked to put its parameters somewhere other than the body.
    case bodyEncodingWithoutBody(String)
    /// The parameters, or an `Encodable` body, nest dictionaries and arrays deeper than `limit`
    /// levels; `key` is the path to the container that went over it. See
    /// ``HTTPTask/maximumNestingDepth``.
    case nestingTooDeep(key: String, limit: Int)
    /// `JSONSerialization` failed. Alamofire's `.jsonEncodingFailed(error:)` reason.
    case jsonEncodingFailed(error: any Error)
    /// A custom encoding failed with `error`. Alamofire's `.customEncodingFailed(error:)` reason.
    case customEncodingFailed(error: any Error)

    /// `reason` itself, so that code written against Alamofire keeps compiling once `AFError` is
    /// renamed: `throw ParameterEncodingError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))`.
    public static func parameterEncodingFailed(reason: ParameterEncodingError) -> ParameterEncodingError {
        reason
    }

    /// A sentence that names what was wrong and where.
    public var description: String {
        switch self {
        case .missingURL:
            "The request has no URL, so its parameters cannot be added to a query string."
        case .unsupportedValue(let key, let type):
            "Parameter \"\(Self.shortened(key))\" holds a value of type \(type), which this encoding cannot write; "
                + "JSON takes strings, numbers (not NaN or infinity), Bools, nil, arrays and dictionaries."
        case .bodyEncodingWithoutBody(let encoding):
            "\(encoding) was used as a body encoding but does not write a body; use URLEncoding.httpBody "
                + "or JSONEncoding."
        case .nestingTooDeep(let key, let limit):
            "Parameter \"\(Self.shortened(key))\" nests dictionaries and arrays more than \(limit) levels deep, "
                + "the most Courier encodes."
        case .jsonEncodingFailed(let error):
            "The parameters could not be written as JSON: \(error.localizedDescription)"
        case .customEncodingFailed(let error):
            "A custom parameter encoding failed: \(error.localizedDescription)"
        }
    }

    /// The same text as ``description``, so that `localizedDescription` says what went wrong.
    public var errorDescription: String? { description }

    /// A key path of at most 120 characters: long paths keep their start and end.
    private static func shortened(_ key: String) -> String {
        guard key.count > 120 else { return key }
        return key.prefix(60) + "…" + key.suffix(59)
    }
}

extension ParameterEncodingError: Equatable {
    /// Equal cases with equal payloads; wrapped errors are equal when their types and
    /// descriptions are.
    public static func == (lhs: ParameterEncodingError, rhs: ParameterEncodingError) -> Bool {
        switch (lhs, rhs) {
        case (.missingURL, .missingURL): true
        case (.unsupportedValue(let lhsKey, let lhsType), .unsupportedValue(let rhsKey, let rhsType)):
            lhsKey == rhsKey && lhsType == rhsType
        case (.bodyEncodingWithoutBody(let lhsName), .bodyEncodingWithoutBody(let rhsName)): lhsName == rhsName
        case (.nestingTooDeep(let lhsKey, let lhsLimit), .nestingTooDeep(let rhsKey, let rhsLimit)):
            lhsKey == rhsKey && lhsLimit == rhsLimit
        case (.jsonEncodingFailed(let lhsError), .jsonEncodingFailed(let rhsError)),
            (.customEncodingFailed(let lhsError), .customEncodingFailed(let rhsError)):
            type(of: lhsError) == type(of: rhsError) && "\(lhsError)" == "\(rhsError)"
        default: false
        }
    }
}
