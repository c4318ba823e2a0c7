import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Chooses where a downloaded file goes once the transfer has finished.
///
/// It receives the temporary file and the response, and returns the destination file and how to
/// treat an existing file or a missing folder there. The body streams to the temporary file and
/// is moved before the request completes, so the destination is where the response's
/// ``Response/fileURL`` points.
///
/// - Before sending, Courier calls it once with a provisional `200` response for the request's
///   URL (no headers) to check that the destination can be written, and fails the request with a
///   ``TransferError`` if it cannot. It is called again with the real response.
/// - A response that the target's `validationType` rejects is not saved there, so a previous
///   file stays; and when the request fails after all (validation, a plugin, cancellation), no
///   file is left at the destination.
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

    /// Creates the destination's missing parent folders. Without it, a missing folder fails the
    /// request before anything is sent (``TransferError/destinationFolderMissing(_:)``).
    public static let createIntermediateDirectories = DownloadOptions(rawValue: 1 << 0)

    /// Replaces a file that is already at the destination, once the new body has fully arrived
    /// and passed validation. Without it, an existing file fails the request before anything is
    /// sent (``TransferError/destinationExists(_:)``). A folder is never replaced.
    public static let removePreviousFile = DownloadOptions(rawValue: 1 << 1)
}
