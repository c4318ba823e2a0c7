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
            guard let descriptor = PartialDownloadFile.create(url) else { throw URLError(.cannotCreateFile) }
            self.descriptor = descriptor
        }

        /// Opens the partial file `url` of an earlier attempt to append to it, as
        /// ``PartialDownloadFile/reopen(_:holding:)`` allows.
        /// - Throws: ``DownloadRestart`` when the file is gone or changed.
        init(appendingTo url: URL, at offset: Int64) throws {
            self.url = url
            guard let descriptor = PartialDownloadFile.reopen(url, holding: offset) else {
                descriptor = -1
                isHandedOver = true  // not ours to remove: the pipeline starts again without it
                throw DownloadRestart(reason: "the partial file is gone or changed")
            }
            self.descriptor = descriptor
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
