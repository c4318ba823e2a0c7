import Foundation

/// The default transport: a `URLSession` (FoundationNetworking on Linux).
///
/// Every task is created without a completion handler or a task delegate, and its callbacks reach
/// the session's own delegate, which hands each task's response, body and progress to that
/// request's handler. This is the one code path on every platform:
/// - **Bodies in memory** are appended once, as they arrive, to a buffer sized from
///   `Content-Length`; no second copy is made. `maximumResponseSize` refuses a body whose
///   announced length is over it before reading it, and stops one that grows past it (chunked, or
///   decoded from gzip) at the piece that crosses it: memory never holds more than the limit and
///   one piece. The limit protects memory, so downloads to a file are not held to it.
/// - **Downloads** are written to a temporary file of the transport's own as they arrive, and moved
///   to their destination before `send` returns; a failed or cancelled download leaves no file,
///   unless it came through a provider that can resume it (see ``DownloadResumePoint``).
/// - **Uploads** stream from files (see `StreamedFileBody` for Linux) and report their progress.
/// - **Redirects** are followed, without credential headers when they lead to another origin.
/// - **Authentication challenges**: a `401` with `WWW-Authenticate` comes back as the response on
///   every platform (Linux and Apple alike), never answered from a `URLCredentialStorage`; send
///   credentials with `CredentialsPlugin` or a header. The `401`'s body is kept when it arrived
///   before the challenge (on Linux it does; on Apple platforms it may be empty).
/// - **Cancellation** ends the caller's wait at once; the task is cancelled on a queue of the
///   transport's own, never inside a task-cancellation handler (which can deadlock URLSession).
/// - **Timeouts**: the request's `timeoutInterval` is an idle timeout; it fails with
///   `URLError(.timedOut)`, which the provider returns in ``CourierError/underlying(_:_:)``. One
///   that is infinite, NaN or past 10⁹ s (here or in the configuration's
///   `timeoutIntervalForRequest`) is sent as 10⁹ s: no limit in practice, where FoundationNetworking
///   would stop the process.
/// - **Background configurations** are refused: every request fails with
///   ``BackgroundConfigurationError``.
/// - **Server trust**: with a ``ServerTrustPolicy`` (``init(configuration:serverTrust:)``), every
///   connection's certificate chain is evaluated against the system's or the policy's authorities,
///   then the server's key against the host's pins, a redirect's connections included; a refusal is
///   a ``TLSError``, as from `CurlTransport`. On Apple platforms only: FoundationNetworking lets no
///   delegate evaluate a server, so on Linux a transport given a policy fails every request with
///   ``ServerTrustPolicyUnsupportedError``.
///
/// **Streams** (``stream(_:)``) return at the response head and hand the body over piece by piece.
/// URLSession cannot hold a server back — on Linux `suspend()` drops the connection and `resume()`
/// sends the request again — so a streamed body is never paused. When the reader falls behind, the
/// stream's buffer (``ResponseBodyStream/defaultBufferLimit``) fills, up to ``streamBacklogLimit``
/// more bytes are held, and then the stream fails with ``StreamBacklogError`` and the transfer
/// stops. Memory stays bounded on every platform; a slow reader of a fast server loses the stream
/// rather than the process's memory. Leaving the loop, or cancelling the reading task, cancels the
/// transfer and closes its connection.
///
/// On Linux the delegate's callbacks run as FoundationNetworking hands them over, on its network
/// thread (see `SessionDelegateQueue`): progress handlers must be quick. On Apple platforms they
/// run on the session's serial delegate queue.
public final class URLSessionTransport: HTTPTransport, DownloadResumingTransport {
    /// How many bytes a stream holds past its buffer limit before it fails with
    /// ``StreamBacklogError``: 8 MiB.
    public static let streamBacklogLimit = 8 << 20

    /// The session requests are sent with. Its delegate belongs to the transport. (For a refused
    /// background configuration, an ephemeral session that sends nothing.)
    public let session: URLSession
    /// The configuration's `httpAdditionalHeaders`, which URLSession adds to every request.
    public let sessionHeaders: [String: String]
    /// Which servers the transport trusts. ``ServerTrustPolicy/system`` unless given to
    /// ``init(configuration:serverTrust:)``.
    public let serverTrust: ServerTrustPolicy

    private let delegate: SessionDelegate
    /// Where downloads are written until they are moved to their destination.
    private let temporaryDirectory: URL
    /// Set for a background configuration, or a server trust policy this platform cannot apply:
    /// every request fails with it.
    private let refusal: (any Error)?

    /// Creates a transport with its own session, which trusts servers as `serverTrust` says.
    ///
    /// On Apple platforms the session's delegate answers every server-trust challenge itself: the
    /// certificate chain is evaluated (`SecTrustEvaluateWithError`) with the policy's authorities
    /// as the only anchors when it has some, else the system's; then, for a pinned host, the
    /// server's key is hashed and compared with the pins. A redirect to another host opens a
    /// connection of its own, checked the same way. A refusal fails the request with a
    /// ``TLSError``. The policy's file of authorities is read here, once.
    ///
    /// On Linux (FoundationNetworking) no delegate sees a server's certificate: a policy other
    /// than ``ServerTrustPolicy/system`` fails every request of the transport with
    /// ``ServerTrustPolicyUnsupportedError``, never sends it unchecked. Use `CurlTransport` there.
    /// - Parameters:
    ///   - configuration: The session configuration. ``defaultConfiguration()`` by default.
    ///     Raise `httpMaximumConnectionsPerHost` (6 by default on Linux) for many concurrent
    ///     requests to one host. A background configuration is refused: every request then fails
    ///     with ``BackgroundConfigurationError``.
    ///   - serverTrust: The authorities to trust and the keys to pin, per host.
    ///     ``ServerTrustPolicy/system`` by default: the system's authorities, no pins.
    public convenience init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration(),
        serverTrust: ServerTrustPolicy = .system
    ) {
        self.init(
            configuration: configuration, temporaryDirectory: FileManager.default.temporaryDirectory,
            serverTrust: serverTrust)
    }

    /// Creates a transport whose downloads are written to `temporaryDirectory` until they are moved.
    package init(
        configuration: URLSessionConfiguration, temporaryDirectory: URL, serverTrust: ServerTrustPolicy = .system
    ) {
        let evaluator: ServerTrustEvaluator?
        var refusal: (any Error)? = configuration.identifier.map(BackgroundConfigurationError.init(identifier:))
        switch ServerTrustEvaluator.forSession(serverTrust) {
        case .success(let chosen): evaluator = chosen
        case .failure(let unsupported):
            evaluator = nil
            refusal = refusal ?? unsupported
        }
        let delegate = SessionDelegate(serverTrust: evaluator)
        self.delegate = delegate
        self.serverTrust = serverTrust
        self.temporaryDirectory = temporaryDirectory
        self.refusal = refusal
        // A refused background configuration is never given to URLSession: on Apple platforms a
        // session made with it would claim its identifier, and the events of the app's own
        // background session with that identifier, from the system.
        let isBackground = configuration.identifier != nil
        self.session = URLSession(
            configuration: isBackground ? .ephemeral : Self.sessionConfiguration(from: configuration),
            delegate: delegate, delegateQueue: SessionDelegateQueue.make())
        var headers: [String: String] = [:]
        for (name, value) in configuration.httpAdditionalHeaders ?? [:] {
            headers[String(describing: name)] = String(describing: value)
        }
        self.sessionHeaders = headers
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The configuration the session is made with: a copy of `configuration` without a `URLCache`,
    /// on every platform. Courier caches answers itself, in the provider's ``HTTPCache``, the same
    /// over every transport and on every OS (see <doc:Caching>); a `URLCache` underneath would
    /// cache them a second time, by rules of its own that differ between Apple platforms and Linux.
    /// On Linux it is also unsafe: with a cache, FoundationNetworking looks a data task's response
    /// up on a background queue before the task's protocol exists; a task cancelled in that window
    /// is removed from the session's registry, and the lookup's answer then traps the process
    /// ("Trying to access a behaviour for a task that in not in the registry",
    /// swift-corelibs-foundation `URLSessionTask._getProtocol`).
    /// Its `timeoutIntervalForRequest` is one URLSession can take (see ``FoundationTimeout``).
    static func sessionConfiguration(from configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        let timeout = FoundationTimeout.safe(configuration.timeoutIntervalForRequest)
        guard
            configuration.urlCache != nil || configuration.requestCachePolicy != .reloadIgnoringLocalCacheData
                || timeout != configuration.timeoutIntervalForRequest,
            let copy = configuration.copy() as? URLSessionConfiguration
        else { return configuration }
        copy.urlCache = nil
        copy.requestCachePolicy = .reloadIgnoringLocalCacheData
        copy.timeoutIntervalForRequest = timeout
        return copy
    }

    /// `URLSessionConfiguration.default` with `Accept-Encoding`, `Accept-Language` and `User-Agent`
    /// headers, so servers and logs see what the client is.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = DefaultHeaders.all
        return configuration
    }

    /// Sends the request, streaming file bodies and downloads.
    /// - Throws: `URLError(.unsupportedURL)` for a URL that is not HTTP(S) and `URLError(.badURL)`
    ///   for one without a host, as the libcurl transport throws them; ``InvalidRequestError`` for a
    ///   request that would not reach the server as it says (checked as the provider checks it);
    ///   the transfer's `URLError`; ``ResponseTooLargeError``
    ///   past `maximumResponseSize`;
    ///   ``BackgroundConfigurationError``; ``ServerTrustPolicyUnsupportedError`` on Linux for a
    ///   transport with a policy; ``TLSError`` for a server its policy refuses; the file system's
    ///   error when a download cannot be saved.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        if let refusal { throw refusal }
        try refuseUnsafe(request)
        if let destination = request.destination {
            return try await FileDownload(request, destination: destination, folder: temporaryDirectory)
                .perform { try start(request, for: $0) }
        }
        return try await DataTransfer(request).perform { try start(request, for: $0) }
    }

    /// Sends the request and returns as soon as the response head has arrived, with the body still
    /// arriving (see the type's comment for what a slow reader gets). The request's
    /// `maximumResponseSize` and `destination` do not apply: a streamed body is not kept.
    /// - Throws: ``InvalidRequestError`` as for ``send(_:)``; the transfer's `URLError` before the
    ///   head; ``BackgroundConfigurationError``; ``ServerTrustPolicyUnsupportedError`` and
    ///   ``TLSError`` as for ``send(_:)``.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        if let refusal { throw refusal }
        try refuseUnsafe(request)
        let transfer = StreamTransfer(
            request, bufferLimit: ResponseBodyStream.defaultBufferLimit, backlogLimit: Self.streamBacklogLimit)
        return try await transfer.perform { try start(request, for: $0) }
    }

    /// Throws `URLError(.unsupportedURL)` or `URLError(.badURL)` for a URL that is not HTTP(S) or
    /// names no host (see `TransportURL`), and the ``InvalidRequestError`` of a request that would
    /// not reach the server as it says (a line break in a header, a method that is not a token, a
    /// framing header that contradicts the body): ``send(_:)`` is public, so the transport checks
    /// what the provider checks. FoundationNetworking hands headers to libcurl as they are.
    private func refuseUnsafe(_ request: TransportRequest) throws {
        if let refusal = TransportURL.refusal(of: request.urlRequest.url) { throw refusal }
        if let problem = RequestValidation.problem(
            in: request.urlRequest, body: request.body, sessionHeaders: sessionHeaders)
        {
            throw problem
        }
    }

    /// Creates the task that sends `request` and registers `handler` for its callbacks.
    private func start(_ request: TransportRequest, for handler: any TaskHandler) throws -> URLSessionTask {
        let task = try makeTask(request)
        delegate.register(handler, for: task, originBound: request.originBoundHeaders)
        return task
    }

    /// A data task, or an upload task for a body whose progress is wanted, with the body attached.
    private func makeTask(_ transportRequest: TransportRequest) throws -> URLSessionTask {
        var request = transportRequest
        request.urlRequest = FoundationTimeout.safe(request.urlRequest)
        switch request.body {
        case .file(let fileURL):
            #if canImport(FoundationNetworking)
                return session.dataTask(with: try StreamedFileBody.request(request.urlRequest, streaming: fileURL))
            #else
                _ = try TransferBody.regularFileSize(of: fileURL)
                return session.uploadTask(with: request.urlRequest, fromFile: fileURL)
            #endif
        case .inRequest:
            // An upload task reports the body's total as it goes; a data task may not.
            if request.progress != nil, let body = request.urlRequest.httpBody {
                var bodyless = request.urlRequest
                bodyless.httpBody = nil
                return session.uploadTask(with: bodyless, from: body)
            }
            return session.dataTask(with: request.urlRequest)
        }
    }
}
