import Foundation

/// Why a download could not be resumed. Carried by ``CourierError/underlying(_:_:)``.
///
/// The first two are found before anything is sent, and leave the resume point's partial file
/// alone: the point may belong to another request. The last is the server's answer, refused before
/// a byte of it is written: appending a range that does not continue the partial file would
/// corrupt it silently.
public enum DownloadResumeError: Error, LocalizedError, Sendable, Hashable {
    /// A resume point was given for a target whose task is not a download
    /// (`.downloadDestination` or `.downloadParameters`).
    case notADownload
    /// The resume point was made for another URL than the request's.
    case differentURL(resumePoint: URL, request: URL)
    /// The server answered `206 Partial Content` with a `Content-Range` that does not continue the
    /// partial file: it does not start at the bytes received, does not run to the end of the
    /// representation, names another length than before, or disagrees with `Content-Length`.
    /// `contentRange` is the field as received (`nil` when missing).
    case unexpectedRange(expectedStart: Int64, contentRange: String?)

    /// Says what was wrong and what to do.
    public var errorDescription: String? {
        switch self {
        case .notADownload:
            "A resume point was given for a target whose task is not a download; resume only "
                + ".downloadDestination or .downloadParameters targets."
        case .differentURL(let point, let request):
            "The resume point was made for \(Self.shown(point)), not for \(Self.shown(request)); "
                + "pass the point of this download, or none."
        case .unexpectedRange(let start, let range):
            "The server answered 206 with Content-Range \(range.map { "\"\($0)\"" } ?? "missing") to a request "
                + "for bytes \(start) to the end; nothing was appended, since it does not continue the partial file."
        }
    }

    /// `url` with its secrets hidden, as every Courier text shows URLs.
    private static func shown(_ url: URL) -> String {
        Redaction.default.redacting(url.absoluteString)
    }
}
