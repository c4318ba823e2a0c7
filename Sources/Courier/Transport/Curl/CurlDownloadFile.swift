#if os(Linux)
    import Foundation

    /// The temporary file a download is written to as it arrives, owned by the transfer: it is
    /// handed over when the download succeeds, or when it fails part-way and can be resumed (its
    /// resume point then names it), and removed on every other path (failure, cancellation,
    /// timeout), so no partial file is left behind that nobody is told about.
    final class CurlDownloadFile {
        let url: URL
        private var descriptor: Int32
        private var isHandedOver = false

        /// Creates an empty file, readable and writable by this user only, in `folder`.
        /// - Throws: `URLError(.cannotCreateFile)`.
        init(in folder: URL) throws {
            url = folder.appendingPathComponent(DownloadResumePoint.partialFileName())
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw URLError(.cannotCreateFile) }
        }

        /// Opens the partial file `url` of an earlier attempt to append to it; it must hold exactly
        /// `offset` bytes and be a regular file, not a link.
        /// - Throws: ``DownloadRestart`` when the file is gone or changed size.
        init(appendingTo url: URL, at offset: Int64) throws {
            self.url = url
            descriptor = open(url.path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
            var status = stat()
            guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                Int64(status.st_size) == offset
            else {
                if descriptor >= 0 { close(descriptor) }
                descriptor = -1
                isHandedOver = true  // not ours to remove: the pipeline starts again without it
                throw DownloadRestart(reason: "the partial file is gone or changed size")
            }
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
            if !isHandedOver { unlink(url.path) }
        }

        /// Appends `bytes`; `false` when the disk refused them.
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard var base = bytes.baseAddress else { return true }
            var remaining = bytes.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                base += written
                remaining -= written
            }
            return true
        }

        /// Closes the file and gives it to the caller, who must move or remove it.
        /// - Throws: `URLError(.cannotWriteToFile)` when closing reports a failed write.
        func handOver() throws -> URL {
            let status = close(descriptor)
            descriptor = -1
            guard status == 0 else { throw URLError(.cannotWriteToFile) }
            isHandedOver = true
            return url
        }
    }
#endif
