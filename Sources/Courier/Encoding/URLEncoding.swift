import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Encodes parameters as `application/x-www-form-urlencoded` pairs, in the query string or the body.
///
/// Keys are sorted at every level so that the same parameters always give the same bytes; array
/// elements keep their order. Nested dictionaries become `a[b]=c`; arrays follow ``ArrayEncoding``.
/// Keys and values are escaped as RFC 3986 requires: everything but unreserved characters, `/`
/// and `?` is percent-encoded (a space is `%20`, never `+`).
public struct URLEncoding: ParameterEncoding, Hashable {
    /// Where the encoded parameters go.
    public enum Destination: Sendable, Hashable {
        /// The query string for `GET`, `HEAD` and `DELETE`; the body for every other method.
        case methodDependent
        /// Always the query string.
        case queryString
        /// Always the body, with `Content-Type: application/x-www-form-urlencoded; charset=utf-8`
        /// unless the request already has a `Content-Type`.
        case httpBody

        func encodesInURL(for method: String?) -> Bool {
            switch self {
            case .methodDependent: ["GET", "HEAD", "DELETE"].contains(method ?? "GET")
            case .queryString: true
            case .httpBody: false
            }
        }
    }

    /// How array values are written.
    public enum ArrayEncoding: Sendable, Hashable {
        /// `ids[]=1&ids[]=2`. The default.
        case brackets
        /// `ids=1&ids=2`.
        case noBrackets
        /// `ids[0]=1&ids[1]=2`.
        case indexInBrackets
    }

    /// How `Bool` values are written.
    public enum BoolEncoding: Sendable, Hashable {
        /// `1` and `0`. The default.
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// Method-dependent destination, bracketed arrays, numeric bools.
    public static let `default` = URLEncoding()
    /// Always the query string.
    public static let queryString = URLEncoding(destination: .queryString)
    /// Always the body.
    public static let httpBody = URLEncoding(destination: .httpBody)

    /// Where the parameters go. `.methodDependent` by default.
    public let destination: Destination
    /// How arrays are written. `.brackets` by default.
    public let arrayEncoding: ArrayEncoding
    /// How bools are written. `.numeric` by default.
    public let boolEncoding: BoolEncoding

    /// Creates a URL encoding.
    /// - Parameters:
    ///   - destination: Where the parameters go. `.methodDependent` by default.
    ///   - arrayEncoding: How arrays are written. `.brackets` by default.
    ///   - boolEncoding: How bools are written. `.numeric` by default.
    public init(
        destination: Destination = .methodDependent,
        arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric
    ) {
        self.destination = destination
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
    }

    /// Adds `parameters` to the request's query string or body, as Alamofire does: `nil` leaves
    /// the request as it is; empty parameters leave a query-string request as it is but give a
    /// body request an empty body and the form `Content-Type`.
    /// - Throws: ``ParameterEncodingError/nestingTooDeep(key:limit:)`` for parameters nested
    ///   deeper than ``HTTPTask/maximumNestingDepth``; ``ParameterEncodingError/missingURL`` for a
    ///   query-string request without a URL. Every value can be written (see ``queryString(from:)``).
    public func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        if destination.encodesInURL(for: request.httpMethod) {
            guard let url = request.url else { throw ParameterEncodingError.missingURL }
            let query = try queryString(from: parameters)
            guard !query.isEmpty else { return request }
            request.url = Self.url(url, appendingQuery: query)
        } else {
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue(
                    "application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
            }
            request.httpBody = Data(try queryString(from: parameters).utf8)
        }
        return request
    }

    /// The parameters as an escaped query string without the leading `?`, e.g. `a=1&b%5Bc%5D=2`.
    ///
    /// Strings are escaped as RFC 3986 requires; whole `Double`s are written without a fraction
    /// (`150`), other numbers as Swift writes them; a `Date` or a value of a type Courier does not
    /// know is written as its text (`"\(value)"`), as Alamofire did; `nil` and `NSNull` are left out.
    /// - Throws: ``ParameterEncodingError/nestingTooDeep(key:limit:)`` naming the key of the
    ///   container that goes deeper than ``HTTPTask/maximumNestingDepth``.
    public func queryString(from parameters: [String: any Sendable]) throws(ParameterEncodingError) -> String {
        var writer = QueryStringWriter(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding)
        try writer.write(parameters)
        return writer.output
    }

    /// `url` with `query` appended to any query it already has.
    static func url(_ url: URL, appendingQuery query: String) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        if let existing = components.percentEncodedQuery, !existing.isEmpty {
            components.percentEncodedQuery = existing + "&" + query
        } else {
            components.percentEncodedQuery = query
        }
        return components.url ?? url
    }
}
