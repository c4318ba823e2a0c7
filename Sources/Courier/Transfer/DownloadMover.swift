import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Moves a finished download to the place its ``DownloadDestination`` chose.
enum DownloadMover {
    /// Moves `temporaryURL` to the destination and returns where the file is now.
    /// - Throws: `CocoaError` when the folder is missing (without `.createIntermediateDirectories`),
    ///   a file is in the way (without `.removePreviousFile`) or the move fails.
    static func move(_ temporaryURL: URL, for response: HTTPURLResponse, to destination: DownloadDestination) throws
        -> URL
    {
        let (fileURL, options) = destination(temporaryURL, response)
        let files = FileManager.default
        do {
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
}
