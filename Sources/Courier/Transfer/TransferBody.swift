import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Attaches upload bodies to requests: checks files before anything is sent, and writes multipart
/// bodies to a temporary file that the transport streams.
enum TransferBody {
    /// Prepares the body of `task` on `request` and says where the transport reads it from.
    /// - Parameter sending: Whether the request really goes over the network; stubs need headers only.
    /// - Throws: ``CourierError/underlying(_:_:)`` with a ``TransferError`` for a missing or
    ///   unreadable file or an empty multipart body.
    static func prepare(_ request: inout URLRequest, for task: HTTPTask, sending: Bool) throws(CourierError)
        -> TransportRequest.Body
    {
        switch task {
        case .uploadFile(let fileURL):
            try TransferError.check(readable: fileURL)
            return .file(fileURL)
        case .uploadMultipartFormData(let form), .uploadCompositeMultipartFormData(let form, _):
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
            }
            guard !form.isEmpty else { throw .underlying(TransferError.emptyMultipartBody, nil) }
            for case .file(let fileURL) in form.map(\.provider) {
                try TransferError.check(readable: fileURL)
            }
            guard sending else { return .inRequest }
            do {
                return .file(try MultipartBodyWriter(form: form).writeToTemporaryFile())
            } catch {
                throw .underlying(error, nil)
            }
        default:
            return .inRequest
        }
    }

    /// Removes the temporary file a multipart body was written to.
    static func cleanUp(_ body: TransportRequest.Body, for task: HTTPTask) {
        guard task.multipartFormData != nil, case .file(let fileURL) = body else { return }
        try? FileManager.default.removeItem(at: fileURL)  // a leftover temporary file harms nothing
    }
}
