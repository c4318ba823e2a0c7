import Foundation

/// An ``AccessTokenSource`` returned a token that cannot be sent in a header: it contains a line
/// break or a NUL character, which would let it end the header and inject others.
///
/// The request fails with `CourierError.underlying(InvalidAccessTokenError, nil)` before it is
/// sent. The description names the target, never the token.
public struct InvalidAccessTokenError: LocalizedError, Sendable, CustomStringConvertible {
    /// The target whose token was rejected, named without its associated values.
    public let target: String

    /// Creates the error for the target named `target`.
    public init(target: String) {
        self.target = target
    }

    /// What went wrong and what to check.
    public var description: String {
        "The access token for \(target) contains a line break or NUL character and was not sent; "
            + "check what the token source returns."
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
