import Foundation

/// What a transport is asked to send: the request, where its body comes from, where the response
/// body goes, and who wants to hear about progress.
public struct TransportRequest: Sendable {
    /// Where the request body comes from.
    public enum Body: Sendable, Hashable {
        /// The request's own `httpBody`, or no body.
        case inRequest
        /// This file, streamed from disk.
        case file(URL)
    }

    /// The request, after every plugin.
    public var urlRequest: URLRequest
    /// Where the body comes from. `.inRequest` by default.
    public var body: Body
    /// Where a downloaded body goes; `nil` keeps the body in memory.
    public var destination: DownloadDestination?
    /// Called as bytes are sent and received; `nil` when nobody listens.
    public var progress: (@Sendable (TransferProgress) -> Void)?
    /// The largest response body accepted, in bytes; `nil` for no limit. A transport should stop a
    /// transfer that exceeds it and throw ``ResponseTooLargeError``.
    public var maximumResponseSize: Int64?
    /// The longest the exchange may take in all, in seconds, from sending the request to the last
    /// byte of the response (the target's ``TargetType/timeoutIntervalForResource``); `nil` for
    /// no limit. The provider enforces it around every transport; a transport may enforce it too,
    /// and should then fail with `URLError(.timedOut)`. `nil` unless set.
    public var timeoutIntervalForResource: TimeInterval? = nil
    /// Names of request headers that stay with the request's origin: a redirect to another origin
    /// (scheme, host and port) drops them, as it drops `Authorization`, `Proxy-Authorization`,
    /// `Cookie` and every header whose name holds a secret by ``Redaction/default``'s rule. The
    /// provider names here the target's ``TargetType/credentialHeaders`` and the validators its
    /// cache adds to a revalidation. Matched in any case. Empty by default.
    public var originBoundHeaders: Set<String> = []
    /// Set by the pipeline, for a transport of Courier's own, on a download it can resume (see
    /// ``ResumableDownload``); `nil` otherwise, and for requests sent to a transport directly, whose
    /// failed downloads leave no file as before.
    var resumable: ResumableDownload? = nil

    /// Creates a transport request.
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - body: Where the body comes from. `.inRequest` by default.
    ///   - destination: Where a downloaded body goes. `nil` by default.
    ///   - progress: The progress listener. `nil` by default.
    ///   - maximumResponseSize: The largest accepted body. `nil` by default.
    public init(
        urlRequest: URLRequest,
        body: Body = .inRequest,
        destination: DownloadDestination? = nil,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        maximumResponseSize: Int64? = nil
    ) {
        self.urlRequest = urlRequest
        self.body = body
        self.destination = destination
        self.progress = progress
        self.maximumResponseSize = maximumResponseSize
    }
}
