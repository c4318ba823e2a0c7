import Foundation

/// A response body was larger than the provider's `maximumResponseSize`; the transfer was stopped.
public struct ResponseTooLargeError: Error, LocalizedError, Sendable, Hashable {
    /// The limit, in bytes.
    public let limit: Int64
    /// The size announced by `Content-Length`, or the bytes received when the transfer was stopped.
    public let size: Int64

    /// Creates the error.
    /// - Parameters:
    ///   - limit: The limit, in bytes.
    ///   - size: The announced or received size, in bytes.
    public init(limit: Int64, size: Int64) {
        self.limit = limit
        self.size = size
    }

    /// Names both sizes.
    public var errorDescription: String? {
        "The response body is larger than the limit of \(limit) bytes (at least \(size) bytes); "
            + "the transfer was stopped. Raise maximumResponseSize or download the body to a file."
    }
}
