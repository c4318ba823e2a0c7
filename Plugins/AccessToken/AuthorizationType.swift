/// The scheme of an `Authorization` header: `Authorization: <scheme> <token>`.
public enum AuthorizationType: Sendable, Equatable {
    /// `Basic <token>`; the token is the Base64 of `user:password` (RFC 7617).
    case basic
    /// `Bearer <token>` (RFC 6750).
    case bearer
    /// `<scheme> <token>` with your own scheme; the header name stays `Authorization`.
    case custom(String)

    /// The scheme as written in the header: `Basic`, `Bearer` or the custom string.
    public var value: String {
        switch self {
        case .basic: "Basic"
        case .bearer: "Bearer"
        case .custom(let scheme): scheme
        }
    }
}
