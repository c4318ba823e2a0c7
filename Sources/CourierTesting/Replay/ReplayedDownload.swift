import Courier

/// Puts a replayed download body where the request's ``DownloadDestination`` wants it, as
/// `URLSessionTransport` does with a downloaded file.
enum ReplayedDownload {
    static func save(_ body: Data, _ response: HTTPURLResponse, _ destination: DownloadDestination) throws -> URL {
        let files = FileManager.default
        let temporary = files.temporaryDirectory.appendingPathComponent("courier-replay-\(UUID().uuidString)")
        try body.write(to: temporary)
        let (fileURL, options) = destination(temporary, response)
        do {
            if options.contains(.createIntermediateDirectories) {
                try files.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            if options.contains(.removePreviousFile), files.fileExists(atPath: fileURL.path) {
                try files.removeItem(at: fileURL)
            }
            try files.moveItem(at: temporary, to: fileURL)
        } catch {
            try? files.removeItem(at: temporary)  // our own temporary file; the error below says what failed
            throw error
        }
        return fileURL
    }
}
