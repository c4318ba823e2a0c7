import Foundation

/// How both transports open the file a resumable download is written to, so that neither can be
/// led to write anywhere else: a new file is created exclusively, readable and writable by this
/// user only; a partial file of an earlier attempt is reopened only if it is still a regular file
/// of this user's, with one name, holding exactly the bytes received, and never through a symbolic
/// link (one swapped in between attempts would otherwise receive the body, and then be moved to
/// the destination).
enum PartialDownloadFile {
    /// Creates the empty file `url`; `nil` when it exists or cannot be made.
    static func create(_ url: URL) -> Int32? {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Opens the partial file `url` to append to it; `nil` when it is gone, a link, another
    /// user's, linked under another name too, or does not hold exactly `offset` bytes.
    static func reopen(_ url: URL, holding offset: Int64) -> Int32? {
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1,
            status.st_uid == geteuid(), Int64(status.st_size) == offset
        else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
