import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations the disk cache makes, as values, so that a test can make any of them fail
/// (a full disk, an unreadable folder) without needing a full disk or a non-root user.
package struct CacheFileSystem: Sendable {
    /// Makes `folder` exist (created `0700` with its parents if missing), changing nothing in a
    /// folder that is there already; throws when it is a file or cannot be made.
    package var prepareFolder: @Sendable (_ folder: URL) throws -> Void
    /// Makes `folder` readable by the user only (`0700`): called once it is known to be the cache's
    /// own, never on a folder that holds files of someone else.
    package var restrict: @Sendable (_ folder: URL) throws -> Void
    /// The names in `folder`, hidden ones included.
    package var list: @Sendable (_ folder: URL) throws -> [String]
    /// Up to `limit` bytes from the start of the file at `url`, and the file's whole size. Never
    /// follows a symbolic link, never waits to open (a FIFO nobody writes to), and reads only a
    /// regular file: anything else planted under an entry's name fails at once.
    package var read: @Sendable (_ url: URL, _ limit: Int) throws -> (bytes: Data, size: Int)
    /// Writes `parts` one after another to `url` atomically: to a new `0600` file beside it, renamed
    /// over `url` only once all is written, so `url` is always either the old file or the whole new one.
    package var writeAtomically: @Sendable (_ parts: [Data], _ url: URL) throws -> Void
    /// Removes the file or folder at `url`, if it can.
    package var remove: @Sendable (_ url: URL) -> Void

    /// The real file system, through POSIX calls.
    package static let posix = CacheFileSystem(
        prepareFolder: POSIXCacheFiles.prepareFolder,
        restrict: POSIXCacheFiles.restrict,
        list: { try FileManager.default.contentsOfDirectory(atPath: $0.path) },
        read: POSIXCacheFiles.readFile,
        writeAtomically: POSIXCacheFiles.writeAtomically,
        remove: { try? FileManager.default.removeItem(at: $0) }
    )
}

/// A file operation that failed, with the `errno` it failed with.
package struct CacheFileError: Error, Equatable {
    /// The `errno` value.
    package let code: Int32

    /// The error for `errno` value `code`.
    package init(_ code: Int32) {
        self.code = code
    }
}

/// The POSIX calls behind ``CacheFileSystem/posix``.
enum POSIXCacheFiles {
    /// The prefix of a file being written; such a file left by a crash is removed when the folder opens.
    static let temporaryPrefix = ".tmp-"

    static func prepareFolder(_ folder: URL) throws {
        var status = stat()
        if stat(folder.path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw CacheFileError(ENOTDIR) }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CacheFileError(ENOENT)
        }
    }

    static func restrict(_ folder: URL) throws {
        guard chmod(folder.path, 0o700) == 0 else { throw CacheFileError(errno) }
    }

    static func readFile(_ url: URL, upTo limit: Int) throws -> (bytes: Data, size: Int) {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, and the cache
        // reads the folder's heads under its lock. It changes nothing for a regular file's reads.
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { throw CacheFileError(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CacheFileError(errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw CacheFileError(EINVAL) }
        let size = Int(status.st_size)
        var bytes = Data(count: max(0, min(limit, size)))
        let filled = bytes.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var filled = 0
            while filled < buffer.count {
                let count = read(descriptor, base + filled, buffer.count - filled)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            return filled
        }
        guard filled == bytes.count else { throw CacheFileError(EIO) }
        return (bytes, size)
    }

    static func writeAtomically(_ parts: [Data], to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(temporaryPrefix + UUID().uuidString).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw CacheFileError(errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        var failure: Int32 = 0
        for part in parts where failure == 0 {
            failure = part.withUnsafeBytes { writeAll(descriptor, $0) }
        }
        // No fsync: after a power loss the renamed file may be torn, and its checksum says so.
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else { throw CacheFileError(failure) }
        guard rename(temporary, url.path) == 0 else { throw CacheFileError(errno) }
        renamed = true
    }

    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        guard let base = buffer.baseAddress else { return 0 }
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, base + written, buffer.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? EIO : errno }
            written += count
        }
        return 0
    }
}
