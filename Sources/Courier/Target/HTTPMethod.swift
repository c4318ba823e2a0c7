/// An HTTP request method, such as `GET` or `POST`.
///
/// The common methods are static members (`.get`, `.post`, …); any other token can be made
/// with `HTTPMethod(rawValue:)` or a string literal.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// `CONNECT`
    public static let connect = HTTPMethod(rawValue: "CONNECT")
    /// `DELETE`
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `GET`
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `PATCH`
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `POST`
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `QUERY`
    public static let query = HTTPMethod(rawValue: "QUERY")
    /// `TRACE`
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// The method's token as sent on the wire, e.g. `"GET"`.
    public let rawValue: String

    /// Creates a method from its token. Tokens are case-sensitive (RFC 9110 §9.1).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal, e.g. `let method: HTTPMethod = "PURGE"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The method's token.
    public var description: String { rawValue }

    /// Whether the method is idempotent (RFC 9110 §9.2.2): `GET`, `HEAD`, `PUT`, `DELETE`,
    /// `OPTIONS` and `TRACE`. Only these are retried by default.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
        default: false
        }
    }
}
