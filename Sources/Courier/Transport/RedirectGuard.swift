import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate: follows redirects, but does not carry credentials to another origin.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    /// Headers that hold credentials or session state (RFC 9110 §15.4: a client should not
    /// forward them to an origin the user did not choose).
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(Self.redirect(request, from: task.originalRequest?.url ?? response.url))
    }

    #if canImport(FoundationNetworking)
        /// The 401 responses of the challenges declined below.
        let declinedChallenges = DeclinedChallenges()

        /// Declines a challenge (a 401 with `WWW-Authenticate`) that no stored credential answers,
        /// so that the task ends instead of waiting forever (see ``DeclinedChallenges``).
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            guard challenge.proposedCredential == nil, let response = challenge.failureResponse as? HTTPURLResponse,
                let request = task.originalRequest
            else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            declinedChallenges.record(response, for: request)
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    #endif

    /// `request` without credential headers when it goes to another origin than `source`.
    static func redirect(_ request: URLRequest, from source: URL?) -> URLRequest {
        guard let source, let destination = request.url, !sameOrigin(source, destination) else { return request }
        var stripped = request
        for name in credentialHeaders {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    /// Same scheme, host and port (RFC 6454 §4), with default ports filled in.
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
