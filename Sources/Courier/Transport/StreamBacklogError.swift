import Foundation

/// The reader of a streamed body fell too far behind ``URLSessionTransport``, which cannot slow the
/// server down; the transfer was stopped rather than buffer without bound.
public struct StreamBacklogError: Error, LocalizedError, Sendable, Hashable {
    /// How many bytes past the stream's buffer limit were held before giving up.
    public let limit: Int

    /// Creates the error.
    /// - Parameter limit: The bytes held past the stream's buffer limit.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Names the limit and what to do.
    public var errorDescription: String? {
        "The stream's reader fell more than \(limit) bytes behind the server. URLSessionTransport cannot "
            + "slow a server down, so it stopped the transfer rather than hold the body in memory. Read the "
            + "stream faster, or download large bodies to a file."
    }
}
