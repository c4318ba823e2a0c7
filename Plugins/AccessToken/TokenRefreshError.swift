import Courier

/// A new access token could not be made, after the server rejected the old one or because there
/// was none. Carried by `CourierError.underlying(_, response)`, with the `401` response when a
/// request was rejected, and without a response when a request waited for the failed refresh.
public struct TokenRefreshError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// Why the refresh failed.
    public let underlying: any Error

    /// Creates the error.
    public init(underlying: any Error) {
        self.underlying = underlying
    }

    /// `Could not get a new access token: <reason>`
    public var errorDescription: String? { description }

    /// `Could not get a new access token: <reason>`
    public var description: String {
        "Could not get a new access token: \(underlying.localizedDescription)"
    }
}
