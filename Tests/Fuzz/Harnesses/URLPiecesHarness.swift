import Foundation

@testable import Courier
@testable import CourierTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URL pieces from a server, an app and a recording: a base URL and a path joined as a target's,
/// a `Location` resolved as a redirect and as an invalidation, cache keys, and the percent-decoding
/// and -encoding of names and values the redaction, the recorder and the encoders do. Four fields,
/// one per line: base URL, path, `Location`, text.
///
/// Checked: a path and a query value escaped by Courier decode back to the text; an escaped text is
/// ASCII; a cache key is already in the form it normalizes to; a redirect is HTTP(S) and drops
/// credentials on the way to another origin.
enum URLPiecesHarness: FuzzHarness {
    static let name = "url-pieces"

    static func run(_ input: FuzzInput) {
        let fields = input.fields(4)
        let base = URL(string: fields[0]) ?? URL(string: "https://origin.example/v1/")!
        let joined = TargetURL.string(baseURL: base, path: fields[1])
        if let url = URL(string: joined) {
            checkURL(url, location: fields[2])
        }
        checkURL(base, location: fields[2])
        checkEscaping(fields[3])
        _ = SecretName.isSecret(fields[3])
        _ = SecretName.key(fields[3])
        _ = Redaction.default.redactedQuery(fields[3])
        _ = RecordedBody.redactedForm(Data(fields[3].utf8), .default)
    }

    private static func checkURL(_ url: URL, location: String) {
        _ = TransportURL.refusal(of: url)
        _ = Redaction.default.url(url)
        var request = URLRequest(url: url)
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        _ = RecordingKey(request, body: nil, redaction: .default).fileBase
        if let key = CacheKey(getting: url) {
            let spelled = String(key.primary.dropFirst("GET ".count))
            if let again = URL(string: spelled).flatMap(CacheKey.init(getting:)) {
                precondition(again.primary == key.primary, "\(url) is \(key.primary), then \(again.primary)")
            }
        }
        #if os(Linux)
            var keepsBody = false
            if let next = CurlRedirect.next(
                after: 302, location: location, request: request, originalURL: url, keepsBody: &keepsBody),
                let target = next.url
            {
                precondition(TransportURL.isHTTP(target), "redirect to \(target)")
                // A URL without a host is never sent (TransportURL refuses it): only hosts count.
                if url.host?.isEmpty == false, target.host?.isEmpty == false, !HTTPCache.sameOrigin(url, target) {
                    precondition(next.value(forHTTPHeaderField: "Authorization") == nil, "credentials to \(target)")
                }
            }
        #endif
        var post = URLRequest(url: url)
        post.httpMethod = "POST"
        HTTPCache(configuration: .init()).invalidate(
            after: post, statusCode: 201, headerFields: ["Location": location, "Content-Location": location])
    }

    private static func checkEscaping(_ text: String) {
        for escaped in [PercentEncoding.pathEscaped(text), PercentEncoding.queryEscaped(text)] {
            precondition(escaped.utf8.allSatisfy { $0 < 0x80 }, "\(escaped) is not ASCII")
            precondition(escaped.removingPercentEncoding == text, "\(text) escaped as \(escaped)")
        }
    }
}
