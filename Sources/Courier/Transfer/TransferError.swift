import Foundation

/// Why an upload or download could not start or could not be saved. Carried by
/// ``CourierError/underlying(_:_:)``; every case is found before anything is sent, except when
/// the destination changes while the body is downloading.
public enum TransferError: Error, LocalizedError, Sendable, Hashable {
    /// The file to upload does not exist.
    case fileNotFound(URL)
    /// The file to upload exists but cannot be read (permissions, or it is a folder).
    case fileNotReadable(URL)
    /// The file to upload is not a regular file: a device such as `/dev/zero`, a pipe or a socket,
    /// which has no size to send and may never end.
    case fileNotRegular(URL)
    /// A multipart upload has no parts.
    case emptyMultipartBody
    /// A multipart boundary that RFC 2046 §5.1.1 does not allow: it must be 1 to 70 characters
    /// from `A-Z a-z 0-9 '()+_,-./:=?` and space, and must not end with a space.
    case invalidBoundary(String)
    /// The in-memory part named `name` contains the boundary, which would end it early.
    case boundaryInPart(name: String)
    /// The part named `name` has a `field` (`name`, `fileName` or `mimeType`) that would break its
    /// headers: a NUL, or a CR or LF in a `mimeType`.
    case invalidPartHeader(name: String, field: String)
    /// A file is already at the download destination and the options lack `.removePreviousFile`.
    case destinationExists(URL)
    /// The destination's folder does not exist and the options lack `.createIntermediateDirectories`.
    case destinationFolderMissing(URL)
    /// The destination cannot be written: a folder is in its place, a file is in the way of its
    /// folder, the folder is read-only, or the URL is not a file URL.
    case destinationNotWritable(URL)

    /// Names the file and what to check.
    public var errorDescription: String? {
        switch self {
        case .fileNotFound(let url): "The file to upload does not exist: \(url.path)."
        case .fileNotReadable(let url): "The file to upload cannot be read (check permissions): \(url.path)."
        case .fileNotRegular(let url):
            "The file to upload is not a regular file (a device, a pipe or a socket has no size and may never "
                + "end): \(url.path). Copy what you want to send into a file first."
        case .emptyMultipartBody: "The multipart form has no parts; add at least one MultipartFormBodyPart."
        case .invalidBoundary(let boundary):
            "The multipart boundary \"\(boundary)\" is invalid: use 1 to 70 letters, digits or '()+_,-./:=? "
                + "characters, or keep the random default."
        case .boundaryInPart(let name):
            "The multipart part \"\(name)\" contains the boundary; choose another boundary or keep the random default."
        case .invalidPartHeader(let name, let field):
            "The \(field) of the multipart part \(name.debugDescription) has a NUL, CR or LF, which would break the "
                + "part's headers; remove it."
        case .destinationExists(let url):
            "A file is already at the download destination \(url.path); add .removePreviousFile to replace it."
        case .destinationFolderMissing(let url):
            "The folder of the download destination \(url.path) does not exist; "
                + "add .createIntermediateDirectories to create it."
        case .destinationNotWritable(let url):
            "The download destination \(url.path) cannot be written: check that it is a file URL, that no "
                + "folder is in its place and no file in the way of its folder, and that the folder is writable."
        }
    }

    /// Throws unless `url` is a readable regular file (a symbolic link to one will do).
    static func check(readable url: URL) throws(CourierError) {
        var isDirectory: ObjCBool = false
        guard url.isFileURL, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .underlying(TransferError.fileNotFound(url), nil)
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: url.path) else {
            throw .underlying(TransferError.fileNotReadable(url), nil)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw .underlying(TransferError.fileNotRegular(url), nil)
        }
    }
}
