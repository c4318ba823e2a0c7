import Foundation

/// What the pipeline tells a transport of Courier's own about a download it can resume: a `GET`
/// download without a `Range` of its own. The transport keeps the file of such a download when it
/// fails part-way and its response offers a validator, and hands the resume point back on the
/// failure's `URLError` (see ``DownloadBodyPlan``).
struct ResumableDownload: Sendable {
    /// The request's URL, named by the resume point.
    let url: URL
    /// The partial download this attempt continues, whose `Range` and `If-Range` are on the
    /// request; `nil` for a download from the first byte.
    let continuing: DownloadResumePoint?
}

/// A transport that writes downloads itself and continues partial ones (``DownloadBodyPlan``): the
/// pipeline asks others for whole downloads only, as a transport that ignored a `Range` header's
/// `206` would save the tail of a file as the whole.
protocol DownloadResumingTransport: HTTPTransport {}

/// The server's answer to a resumed request says to start again from the first byte: a `416`
/// (the range is past the representation's end, so it changed), a `206` whose validator is not
/// the one asked for, or the partial file changed on disk. Nothing of the answer was written; the
/// pipeline sends the request again without `Range` (see `DownloadResumption`).
struct DownloadRestart: Error, Sendable {
    /// Why, for logs and tests.
    let reason: String
}
