import Foundation

/// The delegate of ``URLSessionTransport``'s session, the one place every task's callbacks arrive
/// on every platform: it hands the response, body and upload progress of each task to the
/// ``TaskHandler`` registered for it, follows redirects by ``RedirectRule``, and declines
/// HTTP authentication challenges.
///
/// Tasks are created without completion handlers and without task delegates, so Apple's URLSession
/// and FoundationNetworking both deliver these callbacks as documented for session delegates; what
/// the Linux tests prove is what runs on Apple platforms.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let handlers = LockedValue<[Int: any TaskHandler]>([:])

    /// Sends the callbacks of `task` to `handler` until the task completes. Call it before the
    /// task is resumed.
    func register(_ handler: any TaskHandler, for task: URLSessionTask) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    private func handler(for task: URLSessionTask) -> (any TaskHandler)? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
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
        let handler = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        handler?.task(task, didCompleteWith: error.map { Self.blamingTheServer($0, of: task) })
    }

    /// `error`, or `URLError(.badServerResponse)` with its description when it blames the URL for
    /// what the server sent. FoundationNetworking reports an answer libcurl refuses as not HTTP (an
    /// HTTP/0.9 reply) as `.unsupportedURL`; for a task whose URL is HTTP(S) the URL was fine.
    static func blamingTheServer(_ error: any Error, of task: URLSessionTask) -> any Error {
        guard let urlError = error as? URLError, urlError.code == .unsupportedURL,
            let scheme = (task.currentRequest ?? task.originalRequest)?.url?.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return error }
        return URLError(.badServerResponse, userInfo: urlError.userInfo)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(RedirectRule.request(request, redirectedFrom: task.originalRequest?.url ?? response.url))
    }

    /// Declines every HTTP authentication challenge (a `401` with `WWW-Authenticate`), on every
    /// platform, so the request returns the `401` as its response: credentials come from
    /// `CredentialsPlugin` or the target's headers, never silently from a `URLCredentialStorage`.
    /// Other challenges (server trust, client certificates, proxies) get the default handling.
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
