import Foundation

/// How a transport writes a resumable download's body, decided from the response head, and what it
/// offers to resume it with if the transfer then fails. Both of Courier's transports decide here,
/// so they answer every server alike:
///
/// | The answer to a resumed request | What is written |
/// | --- | --- |
/// | `206` whose `Content-Range` starts at the bytes received and runs to the same end | appended to the partial file |
/// | `206` with a `Content-Range` that does not continue it | nothing: ``DownloadResumeError/unexpectedRange(expectedStart:contentRange:)`` |
/// | `206` with another validator, or content-encoded; a `416` | nothing: ``DownloadRestart``, the request is sent again whole |
/// | `200` | a new file from the first byte; the partial file is removed |
/// | anything else (a `503`, a `404`) | a new file, the answer's own; the partial file stays for a retry |
/// | `206` to a request without `Range` | nothing: `URLError(.badServerResponse)` (a part is not the whole) |
///
/// An appended `206` body must fill its `Content-Range` exactly, however it is framed (chunked, or
/// ended by closing the connection): a byte past the range fails the transfer and the file is
/// removed (``overrun(fileBytes:)``); a body that ends short fails with
/// `URLError(.networkConnectionLost)` and can be resumed from what arrived (``shortfall(fileBytes:)``).
///
/// A body can be resumed when it is the representation (a `200`, or a `206` that was appended),
/// not content-encoded (a range counts encoded bytes, the file holds decoded ones), not refused
/// ranges (`Accept-Ranges: none`), and its validator is usable as `If-Range` (``DownloadValidator``).
struct DownloadBodyPlan: Sendable {
    /// The partial file this body is appended to, and how many bytes it holds; `nil` for a new file.
    let append: (file: URL, offset: Int64)?
    /// The representation's whole length, when known: the total progress reports.
    let totalBytes: Int64?
    /// How many bytes the file holds once an appended `206` body has filled its range; `nil` for
    /// a body whose end the transport's framing decides.
    private(set) var end: Int64? = nil
    /// What a resume point of this body names; `nil` when it cannot be resumed.
    private let resumable: (url: URL, entityTag: String?, lastModified: String?)?

    /// The bytes in the file before this body's first: the resumed offset, or 0.
    var offset: Int64 { append?.offset ?? 0 }

    /// The plan for a response with `statusCode` and the fields `header` gives, or `nil` when the
    /// download is not resumable at all (`download` is `nil`): the transport writes a new file and
    /// removes it on failure, as it always did.
    /// - Throws: ``DownloadRestart`` or ``DownloadResumeError`` (see the type's table).
    static func make(for download: ResumableDownload?, statusCode: Int, header: (String) -> String?) throws
        -> DownloadBodyPlan?
    {
        guard let download else { return nil }
        let encoded = header("Content-Encoding").map(isEncoding) ?? false
        let announced = header("Content-Length").flatMap(length)
        switch (statusCode, download.continuing) {
        case (206, let point?):
            return try appending(to: point, header: header, encoded: encoded)
        case (416, .some):
            throw DownloadRestart(reason: "the server answered 416: the range is past the representation's end")
        case (206, nil):
            throw URLError(
                .badServerResponse,
                userInfo: [
                    NSLocalizedDescriptionKey: "The server sent part of the file (206) to a request for all of it."
                ])
        case (200, let point):
            point?.discard()  // the server sent the whole representation again
            let refusesRanges = header("Accept-Ranges")?.lowercased().contains("none") ?? false
            let validators = encoded || refusesRanges ? nil : DownloadValidator.of(header)
            return DownloadBodyPlan(
                append: nil, totalBytes: announced,
                resumable: validators.map { (download.url, $0.entityTag, $0.lastModified) })
        default:
            return DownloadBodyPlan(append: nil, totalBytes: announced, resumable: nil)
        }
    }

    /// The plan for a `206` to a request that continues `point`, once it is known to continue it.
    private static func appending(to point: DownloadResumePoint, header: (String) -> String?, encoded: Bool) throws
        -> DownloadBodyPlan
    {
        if encoded { throw DownloadRestart(reason: "the 206 is content-encoded") }
        if let tag = point.entityTag, let sent = header("ETag"), !DownloadValidator.strongMatch(sent, tag) {
            throw DownloadRestart(reason: "the 206 has another ETag")
        }
        if point.entityTag == nil, let date = point.lastModified, let sent = header("Last-Modified"),
            sent.trimmingCharacters(in: .whitespaces) != date
        {
            throw DownloadRestart(reason: "the 206 has another Last-Modified date")
        }
        let field = header("Content-Range")
        let unexpected = DownloadResumeError.unexpectedRange(expectedStart: point.bytesReceived, contentRange: field)
        guard let range = field.flatMap(ContentRange.init), range.first == point.bytesReceived else { throw unexpected }
        // The range must run to the representation's end, and say the same length as before.
        let total = range.complete ?? point.totalBytes
        if let total, range.last != total - 1 { throw unexpected }
        if let complete = range.complete, let known = point.totalBytes, complete != known { throw unexpected }
        if let announced = header("Content-Length") {
            guard let length = length(announced), length == range.length else { throw unexpected }
        }
        var plan = DownloadBodyPlan(
            append: (point.partialFileURL, point.bytesReceived), totalBytes: total,
            resumable: (point.url, point.entityTag, point.lastModified))
        plan.end = range.last < Int64.max ? range.last + 1 : Int64.max
        return plan
    }

    /// Why the file may not grow to `bytes`: an appended `206` body ran past its `Content-Range`;
    /// `nil` while it fits.
    func overrun(fileBytes bytes: Int64) -> URLError? {
        guard let end, bytes > end else { return nil }
        return URLError(
            .badServerResponse,
            userInfo: [NSLocalizedDescriptionKey: "The 206 sent more bytes than its Content-Range (\(end - offset))."])
    }

    /// Why a body that ended with `bytes` in the file is not the whole of it: an appended `206`
    /// ended before its `Content-Range` did. The error is the transport's for a lost connection, so
    /// the download is resumed from what arrived; `nil` when the body is complete.
    func shortfall(fileBytes bytes: Int64) -> URLError? {
        guard let end, bytes < end else { return nil }
        return URLError(
            .networkConnectionLost,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "The 206 ended after \(bytes - offset) of the \(end - offset) bytes its Content-Range announced."
            ])
    }

    /// The point to resume this body from, once `bytes` of the representation are in `file`; `nil`
    /// when it cannot be resumed or nothing arrived.
    func resumePoint(file: URL, bytes: Int64) -> DownloadResumePoint? {
        guard let resumable, bytes > 0, totalBytes.map({ bytes <= $0 }) ?? true else { return nil }
        return DownloadResumePoint(
            url: resumable.url, partialFileURL: file, bytesReceived: bytes, totalBytes: totalBytes,
            entityTag: resumable.entityTag, lastModified: resumable.lastModified)
    }

    /// Whether a `Content-Encoding` value names an encoding (anything but `identity`).
    private static func isEncoding(_ value: String) -> Bool {
        let coding = value.trimmingCharacters(in: .whitespaces).lowercased()
        return !coding.isEmpty && coding != "identity"
    }

    /// A `Content-Length` value as a number: ASCII digits only, no overflow.
    private static func length(_ value: String) -> Int64? {
        let digits = value.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(digits)
    }
}
