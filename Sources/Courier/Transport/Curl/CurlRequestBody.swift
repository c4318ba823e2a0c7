#if os(Linux)
    import Foundation

    /// Where an upload's bytes come from: the request's `httpBody` in memory, or a file read in
    /// pieces as libcurl asks for them (memory stays flat whatever the file's size).
    ///
    /// A body in memory under ``inlineLimit`` is handed to libcurl whole instead (``inlineBytes``),
    /// which writes it to the socket with the request's head: one packet and one wake-up of the
    /// server, where a body read through the callback follows the head in a write of its own.
    ///
    /// Never more than ``size`` bytes are handed over, even if the file grows meanwhile, so the body
    /// always matches the `Content-Length` sent. Used on the event loop's thread once the transfer
    /// has been handed to it.
    final class CurlRequestBody {
        private enum Source {
            case memory(Data)
            case file(descriptor: Int32, url: URL)
        }

        private let source: Source
        /// The length announced in `Content-Length`.
        let size: Int64
        /// Bytes handed to libcurl so far.
        private(set) var offset: Int64 = 0
        /// A copy of a small body in memory, which libcurl sends from with the head
        /// (`CURLOPT_POSTFIELDS`, which it does not copy): it lives as long as the body, which the
        /// easy handle keeps until it is reset. `nil` for larger bodies and files.
        let inlineBytes: UnsafeMutableRawBufferPointer?

        /// The largest body sent with the head: libcurl appends a `CURLOPT_POSTFIELDS` body to the
        /// head's buffer only below 64 KiB (its `MAX_INITIAL_POST_SIZE`).
        static let inlineLimit = 64 * 1024 - 1

        /// A body from memory.
        init(_ data: Data) {
            source = .memory(data)
            size = Int64(data.count)
            if data.count <= Self.inlineLimit {
                // One byte at least, so that an empty body has an address to give.
                let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
                _ = data.copyBytes(to: copy.bindMemory(to: UInt8.self))
                inlineBytes = copy
            } else {
                inlineBytes = nil
            }
        }

        /// A body streamed from the regular file at `url`, opened now.
        /// - Throws: ``TransferError/fileNotRegular(_:)`` for a folder, FIFO, socket or device (a
        ///   body from one has no length to announce, and opening a FIFO nobody writes to would wait
        ///   forever); ``TransferError/fileNotFound(_:)`` or ``TransferError/fileNotReadable(_:)``
        ///   when it cannot be opened.
        init(file url: URL) throws {
            _ = try TransferBody.regularFileSize(of: url)
            // O_NONBLOCK: should a FIFO take the file's place meanwhile, opening it does not wait.
            let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { throw TransferError.fileNotReadable(url) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw TransferError.fileNotRegular(url)
            }
            source = .file(descriptor: descriptor, url: url)
            size = Int64(status.st_size)
            inlineBytes = nil
        }

        deinit {
            if case .file(let descriptor, _) = source { close(descriptor) }
            inlineBytes?.deallocate()
        }

        /// Records that libcurl took the whole body at once (``inlineBytes``).
        func handedOverWhole() {
            offset = size
        }

        /// Copies the next bytes into `buffer`; returns how many (0 at the end), or `nil` when the
        /// file cannot be read or ends early.
        func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int? {
            let wanted = Int(min(Int64(capacity), size - offset))
            guard wanted > 0 else { return 0 }
            let count: Int
            switch source {
            case .memory(let data):
                let start = Int(offset)
                data.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    buffer.copyMemory(from: base + start, byteCount: wanted)
                }
                count = wanted
            case .file(let descriptor, _):
                var result: Int
                repeat {
                    result = Glibc.read(descriptor, buffer, wanted)
                } while result < 0 && errno == EINTR
                // A file that shrank since it was opened would leave the body short: fail instead.
                guard result > 0 else { return nil }
                count = result
            }
            offset += Int64(count)
            return count
        }

        /// Goes back to `position` (libcurl rewinds to resend the body); `false` when it cannot.
        func seek(to position: Int64) -> Bool {
            guard position >= 0, position <= size else { return false }
            if case .file(let descriptor, _) = source, lseek(descriptor, off_t(position), SEEK_SET) < 0 {
                return false
            }
            offset = position
            return true
        }

        /// The file being read, for error messages; `nil` for a body in memory.
        var fileURL: URL? {
            if case .file(_, let url) = source { return url }
            return nil
        }
    }
#endif
