/// Media types by file extension: for multipart parts without one, and for CourierTesting's
/// fixture files.
package enum MIMEType {
    /// Common types by extension.
    static let byExtension: [String: String] = [
        "txt": "text/plain", "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "xml": "application/xml", "json": "application/json", "js": "text/javascript", "md": "text/markdown",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "heic": "image/heic", "ico": "image/vnd.microsoft.icon",
        "mp3": "audio/mpeg", "wav": "audio/wav", "m4a": "audio/mp4", "mp4": "video/mp4", "mov": "video/quicktime",
        "webm": "video/webm", "bin": "application/octet-stream",
    ]

    /// The type of files with `fileExtension` (without the dot, in any case); `nil` for an
    /// extension not in the table.
    package static func known(fileExtension: String) -> String? {
        byExtension[fileExtension.lowercased()]
    }

    /// The type of `fileName` by its extension; `application/octet-stream` (RFC 2046 §4.5.1) for
    /// a name without one or with one not in the table.
    static func guess(fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
            return "application/octet-stream"
        }
        return known(fileExtension: String(fileName[fileName.index(after: dot)...])) ?? "application/octet-stream"
    }
}
