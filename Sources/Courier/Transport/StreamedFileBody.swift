import Foundation

#if canImport(FoundationNetworking)
    /// How ``URLSessionTransport`` sends a file body with FoundationNetworking (Linux).
    ///
    /// FoundationNetworking's own file bodies (`upload(for:fromFile:)`) can crash the process when
    /// the upload is cancelled: their reader pauses libcurl while it refills its buffer, and
    /// resumes it with a forced `try` that fails once the cancelled transfer is gone. Stream bodies never
    /// pause, so the file is sent as a stream instead, read in chunks as libcurl asks for them.
    ///
    /// libcurl sends a stream of unknown length chunked, which WSGI servers such as gunicorn drop
    /// or reject. So the request declares the file's length, and gives `Transfer-Encoding` and
    /// (unless the target set one) `Content-Type` a blank value: libcurl sends no header whose
    /// value is blank, and a blank `Transfer-Encoding` turns its chunking off. On the wire the
    /// request is the one a file body would send. The stream stops at the declared length
    /// (``FilePrefixStream``), so a file that grows meanwhile cannot send bytes past it.
    enum StreamedFileBody {
        /// `request` with `fileURL` as its body stream and the headers above.
        /// - Throws: ``TransferError`` when the file is not a regular file or cannot be opened.
        static func request(_ request: URLRequest, streaming fileURL: URL) throws -> URLRequest {
            let size = try TransferBody.regularFileSize(of: fileURL)
            guard let stream = FilePrefixStream(url: fileURL, length: size) else {
                throw TransferError.fileNotReadable(fileURL)
            }
            var request = request
            request.httpBodyStream = stream
            if request.value(forHTTPHeaderField: "Transfer-Encoding") == nil {
                request.setValue(String(size), forHTTPHeaderField: "Content-Length")
                request.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
            }
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue(" ", forHTTPHeaderField: "Content-Type")
            }
            return request
        }
    }
#endif
