import Foundation

#if canImport(FoundationNetworking)
    /// An input stream over the first `length` bytes of a file: what ``StreamedFileBody`` sends.
    ///
    /// The request declares the file's length when it is built. Were the file to grow before libcurl
    /// has read it all, a plain file stream would send the extra bytes after the declared body,
    /// where a server on a kept-alive connection reads them as the start of another request. This
    /// stream ends at the declared length instead. (A file that shrinks sends less than declared;
    /// the server then waits, and the request's timeout ends it.)
    final class FilePrefixStream: InputStream {
        private let file: InputStream
        private var remaining: Int64

        /// A stream over the first `length` bytes of the file at `url`, or `nil` when it cannot be
        /// opened.
        init?(url: URL, length: Int64) {
            guard let file = InputStream(url: url) else { return nil }
            self.file = file
            self.remaining = length
            super.init(data: Data())
        }

        override func open() {
            file.open()
        }

        override func close() {
            file.close()
        }

        override var streamStatus: Stream.Status {
            remaining == 0 && file.streamStatus == .open ? .atEnd : file.streamStatus
        }

        override var streamError: (any Error)? {
            file.streamError
        }

        override var hasBytesAvailable: Bool {
            remaining > 0 && file.hasBytesAvailable
        }

        override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
            guard remaining > 0 else { return 0 }
            let count = file.read(buffer, maxLength: Int(min(Int64(length), remaining)))
            if count > 0 { remaining -= Int64(count) }
            return count
        }

        override func getBuffer(
            _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
        ) -> Bool {
            false
        }
    }
#endif
