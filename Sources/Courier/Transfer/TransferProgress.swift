/// How far a transfer has come, as a transport reports it.
public struct TransferProgress: Sendable, Hashable {
    /// Which way the bytes go.
    public enum Direction: Sendable, Hashable {
        /// The request body being sent.
        case upload
        /// The response body being received.
        case download
    }

    /// Which way the bytes go.
    public let direction: Direction
    /// Bytes transferred so far.
    public let completedBytes: Int64
    /// Bytes expected in all, or `nil` when the length is unknown.
    public let totalBytes: Int64?

    /// Creates a progress report.
    /// - Parameters:
    ///   - direction: Which way the bytes go.
    ///   - completedBytes: Bytes transferred so far.
    ///   - totalBytes: Bytes expected in all; `nil` (or a negative number) when unknown.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes.flatMap { $0 > 0 ? $0 : nil }
    }
}
