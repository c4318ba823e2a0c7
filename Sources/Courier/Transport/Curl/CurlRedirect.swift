#if os(Linux)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The request a redirect leads to, by the rules ``URLSessionTransport`` follows (those of
    /// FoundationNetworking, RFC 9110 §15.4): 301 and 302 turn a POST into a GET and 303 turns any
    /// method but HEAD into a GET, each without its body; 307 and 308 keep method and body. A custom
    /// `Host` is dropped on every redirect, and on the way to another origin than the original
    /// request's, `Authorization`, `Proxy-Authorization`, `Cookie` and the request's origin-bound
    /// headers (`RedirectRule`).
    enum CurlRedirect {
        /// The next request after `response` to `request`, or `nil` when `response` is not a
        /// redirect to follow (no `Location`, another status, a scheme other than HTTP(S)).
        /// - Parameters:
        ///   - keepsBody: Set to whether the next request sends the same body again.
        ///   - originBound: The headers that stay with the original request's origin
        ///     (``TransportRequest/originBoundHeaders``). None by default.
        static func next(
            after statusCode: Int, location: String?, request: URLRequest, originalURL: URL,
            originBound: Set<String> = [], keepsBody: inout Bool
        ) -> URLRequest? {
            guard isRedirect(statusCode), let location, let current = request.url,
                let target = URL(string: location, relativeTo: current)?.absoluteURL, TransportURL.isHTTP(target)
            else { return nil }
            var next = request
            next.url = target
            let method = request.httpMethod ?? "GET"
            keepsBody = true
            if (statusCode == 303 && method != "HEAD") || ((statusCode == 301 || statusCode == 302) && method == "POST")
            {
                next.httpMethod = "GET"
                next.httpBody = nil
                for name in ["Content-Type", "Content-Length", "Transfer-Encoding"] {
                    next.setValue(nil, forHTTPHeaderField: name)
                }
                keepsBody = false
            }
            return RedirectRule.request(next, redirectedFrom: originalURL, originBound: originBound)
        }

        /// Whether `statusCode` is a redirect that is followed: 301, 302, 303, 307 or 308.
        static func isRedirect(_ statusCode: Int) -> Bool {
            switch statusCode {
            case 301, 302, 303, 307, 308: true
            default: false
            }
        }
    }
#endif
