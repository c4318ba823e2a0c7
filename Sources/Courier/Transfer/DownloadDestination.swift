import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Chooses where a downloaded file goes once the transfer has finished.
///
/// It receives the temporary file and the response, and returns the destination file and how to
/// treat an existing file or a missing folder there. The file is moved before the request
/// completes, so the destination is where the response's ``Response/fileURL`` points.
public typealias DownloadDestination =
    @Sendable (_ temporaryURL: URL, _ response: HTTPURLResponse) -> (destinationURL: URL, options: DownloadOptions)

/// How a download is moved to its destination.
public struct DownloadOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int

    /// Creates options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Creates the destination's missing parent folders.
    public static let createIntermediateDirectories = DownloadOptions(rawValue: 1 << 0)

    /// Replaces a file that is already at the destination. Without it, an existing file fails the
    /// download with a clear error instead of being overwritten.
    public static let removePreviousFile = DownloadOptions(rawValue: 1 << 1)
}
