import Foundation

/// Why an upload or download could not start. Carried by ``CourierError/underlying(_:_:)``.
public enum TransferError: Error, LocalizedError, Sendable, Hashable {
    /// The file to upload does not exist.
    case fileNotFound(URL)
    /// The file to upload exists but cannot be read (permissions, or it is a folder).
    case fileNotReadable(URL)
    /// A multipart upload has no parts.
    case emptyMultipartBody

    /// Names the file and what to check.
    public var errorDescription: String? {
        switch self {
        case .fileNotFound(let url): "The file to upload does not exist: \(url.path)."
        case .fileNotReadable(let url): "The file to upload cannot be read (check permissions): \(url.path)."
        case .emptyMultipartBody: "The multipart form has no parts; add at least one MultipartFormBodyPart."
        }
    }

    /// Throws unless `url` is a readable regular file.
    static func check(readable url: URL) throws(CourierError) {
        var isDirectory: ObjCBool = false
        guard url.isFileURL, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .underlying(TransferError.fileNotFound(url), nil)
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: url.path) else {
            throw .underlying(TransferError.fileNotReadable(url), nil)
        }
    }
}
