import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Gets transfers ready before anything is sent: checks upload files and download destinations,
/// and writes multipart bodies to a temporary file that the transport streams.
enum TransferBody {
    /// Prepares the body of `task` on `request` and says where the transport reads it from.
    /// - Parameter sending: Whether the request really goes over the network. Stubs get the
    ///   checks and headers of ``check(_:for:)``, but no multipart file and no destination check,
    ///   as they save nothing.
    /// - Throws: What ``check(_:for:)`` throws; a ``TransferError`` for a destination that cannot
    ///   be written; ``CourierError/cancelled`` when cancelled while the multipart body is written.
    static func prepare(_ request: inout URLRequest, for task: HTTPTask, sending: Bool) async throws(CourierError)
        -> TransportRequest.Body
    {
        try check(&request, for: task)
        guard sending else { return .inRequest }
        switch task {
        case .uploadFile(let fileURL):
            return .file(fileURL)
        case .uploadMultipartFormData(let form), .uploadCompositeMultipartFormData(let form, _):
            do {
                return .file(try await MultipartBodyWriter(form: form).writeToTemporaryFile())
            } catch {
                throw .wrapping(error)
            }
        case .downloadDestination(let destination), .downloadParameters(_, _, let destination):
            try DownloadMover.preflight(destination, for: request)
            return .inRequest
        default:
            return .inRequest
        }
    }

    /// The checks and headers every request of `task` gets, stubbed or sent, without writing
    /// anything: upload files must be readable, a multipart body must have parts and a usable
    /// boundary, and always gets its own `multipart/form-data; boundary=…` `Content-Type`.
    /// - Throws: ``CourierError/underlying(_:_:)`` with a ``TransferError`` for a missing or
    ///   unreadable file, an empty multipart body or a bad boundary.
    static func check(_ request: inout URLRequest, for task: HTTPTask) throws(CourierError) {
        switch task {
        case .uploadFile(let fileURL):
            try TransferError.check(readable: fileURL)
        case .uploadMultipartFormData(let form), .uploadCompositeMultipartFormData(let form, _):
            guard !form.isEmpty else { throw .underlying(TransferError.emptyMultipartBody, nil) }
            do {
                try form.checkBoundary()
                try form.checkPartHeaders()
            } catch {
                throw .underlying(error, nil)
            }
            for case .file(let fileURL) in form.map(\.provider) {
                try TransferError.check(readable: fileURL)
            }
            // Always the body's own type, as Alamofire's MultipartUpload sets it: a target's
            // shared `Content-Type: application/json` must not hide the boundary.
            request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        default:
            break
        }
    }

    /// The size of the regular file at `fileURL`, or `nil` when it is missing or not a regular file.
    static func size(of fileURL: URL) -> Int64? {
        try? regularFileSize(of: fileURL)
    }

    /// The size of the regular file at `fileURL`, a symbolic link followed (FileManager's
    /// attributes on Linux are the link's own, whose size is the length of the path it holds).
    /// - Throws: ``TransferError/fileNotFound(_:)``, or ``TransferError/fileNotRegular(_:)`` for a
    ///   folder, FIFO, socket or device: a body read from one has no length to announce, and
    ///   reading a FIFO nobody writes to waits forever.
    static func regularFileSize(of fileURL: URL) throws(TransferError) -> Int64 {
        var status = stat()
        guard fileURL.isFileURL, stat(fileURL.path, &status) == 0 else { throw .fileNotFound(fileURL) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .fileNotRegular(fileURL) }
        return Int64(status.st_size)
    }

    /// Removes the temporary file a multipart body was written to.
    static func cleanUp(_ body: TransportRequest.Body, for task: HTTPTask) {
        guard task.multipartFormData != nil, case .file(let fileURL) = body else { return }
        try? FileManager.default.removeItem(at: fileURL)  // a leftover temporary file harms nothing
    }
}
