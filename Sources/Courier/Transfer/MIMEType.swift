/// Guesses a media type from a file name's extension, for multipart parts without one.
enum MIMEType {
    /// Common types by extension; anything else is `application/octet-stream` (RFC 2046 §4.5.1).
    static let byExtension: [String: String] = [
        "txt": "text/plain", "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "xml": "application/xml", "json": "application/json", "js": "text/javascript", "md": "text/markdown",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "heic": "image/heic", "ico": "image/vnd.microsoft.icon",
        "mp3": "audio/mpeg", "wav": "audio/wav", "m4a": "audio/mp4", "mp4": "video/mp4", "mov": "video/quicktime",
        "webm": "video/webm", "bin": "application/octet-stream",
    ]

    static func guess(fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
            return "application/octet-stream"
        }
        let fileExtension = fileName[fileName.index(after: dot)...].lowercased()
        return byExtension[fileExtension] ?? "application/octet-stream"
    }
}
