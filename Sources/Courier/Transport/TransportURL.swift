import Foundation

/// The URLs Courier's transports send: HTTP and HTTPS URLs that name a host. Both transports refuse
/// the rest alike before anything is sent (``HTTPTransport/send(_:)`` is public, so no provider
/// need be in front):
/// - another scheme fails with `URLError(.unsupportedURL)`. libcurl is limited to HTTP(S), while
///   URLSession would speak FTP (FoundationNetworking), answer a `data:` URL itself, or read a
///   local `file:` (Apple platforms);
/// - an HTTP(S) URL without a host fails with `URLError(.badURL)`: libcurl would take
///   `http:///evil.example/x` for `http://evil.example/x`, where URLSession refuses it.
///
/// The error names the URL (`failingURL`), so that the request's failure says which one.
enum TransportURL {
    /// The error a transport fails with instead of sending to `url`; `nil` when it may send.
    static func refusal(of url: URL?) -> URLError? {
        guard let url else { return URLError(.unsupportedURL) }
        guard isHTTP(url) else { return URLError(.unsupportedURL, userInfo: [NSURLErrorFailingURLErrorKey: url]) }
        guard url.host?.isEmpty == false else {
            let userInfo: [String: Any] = [
                NSLocalizedDescriptionKey: "The URL has no host.", NSURLErrorFailingURLErrorKey: url,
            ]
            return URLError(.badURL, userInfo: userInfo)
        }
        return nil
    }

    /// Whether `url`'s scheme is `http` or `https`, in any case.
    static func isHTTP(_ url: URL) -> Bool {
        guard let scheme = url.scheme else { return false }
        return scheme.caseInsensitiveEquals("http") || scheme.caseInsensitiveEquals("https")
    }

    /// Whether `url` is an HTTP(S) URL without a host: it names no server, and libcurl would guess
    /// one from its path (`http:///evil.example/x` goes to `evil.example`).
    static func namesNoHost(_ url: URL) -> Bool {
        (url.host?.isEmpty ?? true) && isHTTP(url)
    }
}
