import Foundation

/// Checks download destinations before anything is sent, moves finished downloads there, and
/// removes the file of a download whose request failed after all.
package enum DownloadMover {
    /// Checks, before the request is sent, that its body could be saved where `destination`
    /// puts it. The destination is asked once with a provisional `200` response for the request's
    /// URL (no headers) and a temporary URL where no file is yet; it is asked again with the real
    /// response when the download has finished.
    /// - Throws: ``CourierError/underlying(_:_:)`` with a ``TransferError``.
    static func preflight(_ destination: DownloadDestination, for request: URLRequest) throws(CourierError) {
        guard let url = request.url,
            let provisional = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
        else { return }
        let placeholder = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-download-\(UUID().uuidString)")
        let (fileURL, options) = destination(placeholder, provisional)
        do {
            try check(fileURL, options: options)
        } catch {
            throw .underlying(error, nil)
        }
    }

    /// Moves `temporaryURL` to the destination and returns where the file is now. The temporary
    /// file is removed when it cannot be moved.
    /// - Throws: ``TransferError`` when the destination cannot take the file, or the file
    ///   system's error when the move fails.
    package static func move(
        _ temporaryURL: URL, for response: HTTPURLResponse, to destination: DownloadDestination
    ) throws
        -> URL
    {
        let (fileURL, options) = destination(temporaryURL, response)
        let files = FileManager.default
        do {
            try check(fileURL, options: options)
            if options.contains(.createIntermediateDirectories) {
                try files.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            if options.contains(.removePreviousFile), files.fileExists(atPath: fileURL.path) {
                try files.removeItem(at: fileURL)
            }
            try files.moveItem(at: temporaryURL, to: fileURL)
        } catch {
            try? files.removeItem(at: temporaryURL)  // the temporary file is ours; the error below says why it went
            throw error
        }
        return fileURL
    }

    /// `destination`, except for a response that `validation` rejects: its body goes to a file
    /// next to the temporary one, so that a failed download never replaces the file at the
    /// destination. The pipeline removes that file when the request fails.
    static func holdingBack(_ destination: @escaping DownloadDestination, unless validation: ValidationType)
        -> DownloadDestination
    {
        { temporaryURL, response in
            guard validation.accepts(response.statusCode) else {
                let rejected = temporaryURL.deletingLastPathComponent()
                    .appendingPathComponent("courier-rejected-\(UUID().uuidString)")
                return (rejected, [])
            }
            return destination(temporaryURL, response)
        }
    }

    /// Removes the file downloaded for `result`, whose request failed after all (validation, a
    /// plugin), so that a failure never leaves a file at the destination.
    static func discard(_ result: Result<Response, CourierError>) {
        let response =
            switch result {
            case .success(let response): response
            case .failure(let error): error.response
            }
        guard let fileURL = response?.fileURL else { return }
        try? FileManager.default.removeItem(at: fileURL)  // already gone is as good as removed
    }

    /// Throws unless a file can be saved at `fileURL` with `options`. A folder at `fileURL` is
    /// never replaced, even with `.removePreviousFile`: only files are.
    static func check(_ fileURL: URL, options: DownloadOptions) throws(TransferError) {
        guard fileURL.isFileURL else { throw .destinationNotWritable(fileURL) }
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: fileURL.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw .destinationNotWritable(fileURL) }
            if !options.contains(.removePreviousFile) { throw .destinationExists(fileURL) }
        }
        let folder = fileURL.deletingLastPathComponent().path
        var existing = folder
        while !files.fileExists(atPath: existing, isDirectory: &isDirectory) {
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else { throw .destinationNotWritable(fileURL) }
            existing = parent
        }
        guard isDirectory.boolValue, files.isWritableFile(atPath: existing) else {
            throw .destinationNotWritable(fileURL)
        }
        if existing != folder, !options.contains(.createIntermediateDirectories) {
            throw .destinationFolderMissing(fileURL)
        }
    }
}
