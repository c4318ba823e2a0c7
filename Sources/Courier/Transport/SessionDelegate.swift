import Foundation

/// The delegate of ``URLSessionTransport``'s session, the one place every task's callbacks arrive
/// on every platform: it hands the response, body and upload progress of each task to the
/// ``TaskHandler`` registered for it, follows redirects by ``RedirectRule``, declines HTTP
/// authentication challenges, and on Apple platforms answers server-trust challenges by the
/// transport's ``ServerTrustPolicy``.
///
/// Tasks are created without completion handlers and without task delegates, so Apple's URLSession
/// and FoundationNetworking both deliver these callbacks as documented for session delegates; what
/// the Linux tests prove is what runs on Apple platforms.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// Each running task's handler, and its request's ``TransportRequest/originBoundHeaders``.
    private let handlers = LockedValue<[Int: (handler: any TaskHandler, originBound: Set<String>)]>([:])
    /// Checks servers by the transport's policy; `nil` leaves them to URLSession's default handling.
    private let serverTrust: ServerTrustEvaluator?
    /// Why a task's server was refused, until the task completes (its error is then this one,
    /// rather than the cancellation that refusing a challenge ends a task with).
    private let trustRefusals = LockedValue<[Int: TLSError]>([:])

    /// - Parameter serverTrust: What checks servers; `nil` (URLSession's default handling) by default.
    init(serverTrust: ServerTrustEvaluator? = nil) {
        self.serverTrust = serverTrust
    }

    /// Sends the callbacks of `task` to `handler` until the task completes, and keeps the headers
    /// `originBound` names from following a redirect to another origin. Call it before the task is
    /// resumed.
    func register(_ handler: any TaskHandler, for task: URLSessionTask, originBound: Set<String> = []) {
        handlers.withLock { $0[task.taskIdentifier] = (handler, originBound) }
    }

    private func handler(for task: URLSessionTask) -> (any TaskHandler)? {
        handlers.withLock { $0[task.taskIdentifier]?.handler }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // FoundationNetworking hands over an informational head (`103 Early Hints`) as a response
        // of its own before the final one: no transfer answers with it, opens a file for it or
        // streams it (a download opened a file for each head and left the first behind).
        if let http = response as? HTTPURLResponse, (100..<200).contains(http.statusCode) {
            return completionHandler(.allow)
        }
        if handler(for: dataTask)?.task(dataTask, didReceive: response) ?? false {
            completionHandler(.allow)
        } else {
            completionHandler(.cancel)
            // FoundationNetworking (up to 6.3.1 at least) ignores the disposition, so the task is
            // cancelled as well; on Apple platforms that second cancel does nothing.
            TaskCanceller.cancel(dataTask)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        handler(for: dataTask)?.task(dataTask, didReceive: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        handler(for: task)?.task(task, didSend: totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let handler = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier)?.handler }
        if serverTrust != nil, let refusal = trustRefusals.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
            handler?.task(task, didCompleteWith: refusal)
            return
        }
        handler?.task(
            task,
            didCompleteWith: error.map { Self.namingLostConnection(Self.blamingTheServer($0, of: task), of: task) })
    }

    /// `error`, or the code Apple platforms and `CurlTransport` give the same failure, with its
    /// description. FoundationNetworking reports every libcurl failure it has no code for as
    /// `.unknown`, with libcurl's sentence:
    /// - a body that is not what its `Content-Encoding` says ("Error while processing content
    ///   unencoding: …") becomes `.cannotDecodeContentData`: the server's bytes are wrong, and a
    ///   retry or a resumed download would get the same bytes;
    /// - a head FoundationNetworking could not read (libcurl's "Failed writing header": its header
    ///   callback refused a line, such as one starting with `HTTP/` inside the head) becomes
    ///   `.badServerResponse`, as `CurlTransport` reports a head it refuses;
    /// - any other failure once the head has arrived, such as a connection closed before the body's
    ///   `Content-Length` ("transfer closed with N bytes remaining to read"), becomes
    ///   `.networkConnectionLost`, which a retry policy (and a resumable download) recognizes.
    static func namingLostConnection(_ error: any Error, of task: URLSessionTask) -> any Error {
        #if canImport(FoundationNetworking)
            guard let urlError = error as? URLError, urlError.code == .unknown else { return error }
            if isContentDecodingFailure(urlError) {
                return URLError(.cannotDecodeContentData, userInfo: urlError.userInfo)
            }
            if (urlError.userInfo[NSLocalizedDescriptionKey] as? String)?.lowercased() == "failed writing header" {
                return URLError(.badServerResponse, userInfo: urlError.userInfo)
            }
            guard task.response != nil else { return error }
            return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
        #else
            return error
        #endif
    }

    /// Whether libcurl's sentence in `error` is one of those of `CURLE_BAD_CONTENT_ENCODING`
    /// (libcurl 7.x and 8.x): an encoding it cannot decode, or bytes that are not that encoding.
    private static func isContentDecodingFailure(_ error: URLError) -> Bool {
        guard let text = (error.userInfo[NSLocalizedDescriptionKey] as? String)?.lowercased() else { return false }
        return ["content unencoding", "content encoding", "content or transfer-encoding"].contains {
            text.contains($0)
        }
    }

    /// `error`, or `URLError(.badServerResponse)` with its description when it blames the URL for
    /// what the server sent. FoundationNetworking reports an answer libcurl refuses as not HTTP (an
    /// HTTP/0.9 reply) as `.unsupportedURL`; for a task whose URL is HTTP(S) the URL was fine.
    static func blamingTheServer(_ error: any Error, of task: URLSessionTask) -> any Error {
        guard let urlError = error as? URLError, urlError.code == .unsupportedURL,
            let url = (task.currentRequest ?? task.originalRequest)?.url, TransportURL.isHTTP(url)
        else { return error }
        return URLError(.badServerResponse, userInfo: urlError.userInfo)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard RedirectRule.leadsToHTTP(response) else {
            // Not followed: the redirect is the answer, as CurlTransport answers it. FoundationNetworking
            // would send `file:///etc/passwd` to `/etc/passwd` on the same server.
            return completionHandler(nil)
        }
        let registered = handlers.withLock { $0[task.taskIdentifier] }
        registered?.handler.metricsRecorder?.redirected()
        let originBound = registered?.originBound ?? []
        completionHandler(
            RedirectRule.request(
                request, redirectedFrom: task.originalRequest?.url ?? response.url, originBound: originBound))
    }

    #if !canImport(FoundationNetworking)
        /// Hands the task's metrics to its handler, converted at once: URLSession may replace the
        /// object's transaction list on another thread once this callback returns.
        /// (FoundationNetworking never calls it.)
        func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics)
        {
            guard let recorder = handler(for: task)?.metricsRecorder else { return }
            recorder.collected(TransferMetrics(metrics))
        }
    #endif

    /// Declines every HTTP authentication challenge (a `401` with `WWW-Authenticate`), on every
    /// platform, so the request returns the `401` as its response: credentials come from
    /// `CredentialsPlugin` or the target's headers, never silently from a `URLCredentialStorage`.
    /// A server-trust challenge is answered by the transport's ``ServerTrustEvaluator`` when it has
    /// one (Apple platforms). Other challenges (server trust without a policy, client
    /// certificates, proxies) get the default handling.
    ///
    /// Server-trust challenges reach this task-level method, with the task they are for, because
    /// the delegate has no session-level `urlSession(_:didReceive:completionHandler:)`: keep it so.
    ///
    /// Declining means cancelling the task; the task's ``TaskHandler`` keeps the `401`, and the
    /// transfer returns it when the task ends. (Answering "default handling" instead would, on
    /// Linux, leave the task waiting forever when no stored credential answers: a bug in
    /// swift-corelibs-foundation up to 6.3.1, swift-corelibs-foundation#5456, fixed upstream by
    /// #5457; and on Apple platforms it would let a stored credential answer.)
    ///
    /// The completion handler is called through ``TaskCanceller``: on Linux it cancels, suspends
    /// or resumes the task, which must not happen on the queue this callback runs on.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(Security)
            if let answer = serverTrust?.answer(challenge) {
                return settle(answer, for: task, completionHandler: completionHandler)
            }
        #endif
        let disposition: URLSession.AuthChallengeDisposition
        if Self.isServerAuthentication(challenge.protectionSpace),
            let response = challenge.failureResponse as? HTTPURLResponse
        {
            handler(for: task)?.task(task, didDecline: response)
            disposition = .cancelAuthenticationChallenge
        } else {
            disposition = .performDefaultHandling
        }
        TaskCanceller.run { completionHandler(disposition, nil) }
    }

    #if canImport(Security)
        /// Goes on with a trusted server, or refuses the connection and keeps why for the task's
        /// completion.
        private func settle(
            _ answer: ServerTrustEvaluator.Answer, for task: URLSessionTask,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            switch answer {
            case .trusted(let credential):
                TaskCanceller.run { completionHandler(.useCredential, credential) }
            case .refused(let error):
                trustRefusals.withLock { $0[task.taskIdentifier] = error }
                TaskCanceller.run { completionHandler(.cancelAuthenticationChallenge, nil) }
            }
        }
    #endif

    /// Whether `space` asks for the server's HTTP authentication, rather than a proxy's, a
    /// certificate check or a client certificate.
    private static func isServerAuthentication(_ space: URLProtectionSpace) -> Bool {
        !space.isProxy() && httpAuthenticationMethods.contains(space.authenticationMethod)
    }

    /// The authentication methods a `401` with `WWW-Authenticate` asks for.
    private static let httpAuthenticationMethods: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodHTMLForm, NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]
}
