import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CourierError: LocalizedError, CustomNSError, CustomStringConvertible, CustomDebugStringConvertible {
    /// What failed, in Moya's words, followed by what Courier knows about the exchange: method,
    /// URL, status code and the first bytes of the body; secrets hidden by ``Redaction/default``.
    public var errorDescription: String? {
        description(redacting: .default)
    }

    /// The same text as ``errorDescription``.
    public var description: String {
        description(redacting: .default)
    }

    /// The same text as ``errorDescription``, so that `String(reflecting:)`, `dump` and debuggers
    /// show no more than the description does.
    public var debugDescription: String {
        description(redacting: .default)
    }

    /// The description with secrets hidden by `redaction`: the whole text goes through
    /// ``Redaction/redacting(_:)``, so a secret in a wrapped error's own description, or in a URL
    /// that did not parse, is hidden too.
    public func description(redacting redaction: Redaction) -> String {
        redaction.redacting(unredactedDescription(redaction))
    }

    private func unredactedDescription(_ redaction: Redaction) -> String {
        switch self {
        case .imageMapping(let response):
            "Failed to map data to an Image." + Self.context(of: response, redaction)
        case .jsonMapping(let response):
            "Failed to map data to JSON." + Self.context(of: response, redaction)
        case .stringMapping(let response):
            "Failed to map data to a String." + Self.context(of: response, redaction)
        case .objectMapping(let error, let response):
            "Failed to map data to a Decodable object." + Self.decodingReason(error, redaction)
                + Self.context(of: response, redaction)
        case .encodableMapping(let error):
            "Failed to encode Encodable object into data." + Self.decodingReason(error, redaction)
        case .statusCode(let response):
            "Status code didn't fall within the given range." + Self.context(of: response, redaction)
        case .underlying(let error, let response):
            Self.underlyingDescription(error, redaction) + Self.context(of: response, redaction)
        case .requestMapping(let url):
            "Failed to map Endpoint to a URLRequest." + Endpoint.requestMappingProblem(url)
        case .parameterEncoding(let error):
            "Failed to encode parameters for URLRequest. \(error.localizedDescription)"
        }
    }

    /// The domain of the bridged `NSError`.
    public static var errorDomain: String { "Courier.CourierError" }

    /// A stable code per case, for the bridged `NSError`: Moya's codes, `imageMapping` 0 to
    /// `parameterEncoding` 8.
    public var errorCode: Int {
        switch self {
        case .imageMapping: 0
        case .jsonMapping: 1
        case .stringMapping: 2
        case .objectMapping: 3
        case .encodableMapping: 4
        case .statusCode: 5
        case .underlying: 6
        case .requestMapping: 7
        case .parameterEncoding: 8
        }
    }

    /// The description; the wrapped error under `NSUnderlyingErrorKey`; the URL that failed under
    /// `NSURLErrorFailingURLErrorKey` and `NSURLErrorFailingURLStringErrorKey` when there is one.
    /// Secrets are hidden by ``Redaction/default`` in every value: the wrapped error is the same
    /// instance when its user info holds none, and otherwise a redacted copy of the same domain
    /// and code (a `URLError` stays a `URLError`).
    public var errorUserInfo: [String: Any] {
        let redaction = Redaction.default
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let underlyingError { info[NSUnderlyingErrorKey] = RedactedError.copy(of: underlyingError, redaction) }
        if let failingURL = failingURLText {
            let redacted = redaction.redacting(failingURL)
            info[Self.failingURLStringKey] = redacted
            if let url = URL(string: redacted) { info[NSURLErrorFailingURLErrorKey] = url }
        }
        return info
    }

    /// `NSURLErrorFailingURLStringErrorKey`, which FoundationNetworking marks deprecated while
    /// Apple's Foundation and many apps still read it.
    private static let failingURLStringKey = "NSErrorFailingURLStringKey"

    /// The text of the URL this error is about: the request's, a transport error's failing URL, or
    /// the URL that could not be mapped.
    private var failingURLText: String? {
        if let url = response?.request?.url { return url.absoluteString }
        switch self {
        case .requestMapping(let url):
            return url
        case .underlying(let error, _):
            return (error as? URLError)?.failingURL?.absoluteString
        default:
            return nil
        }
    }

    // MARK: - Pieces

    /// ` (GET https://host/path → HTTP 404; body: {"message":…})`, or nothing for a bare response
    /// built by hand with neither a request nor a body.
    private static func context(of response: Response?, _ redaction: Redaction) -> String {
        guard let response, response.request != nil || !response.data.isEmpty else { return "" }
        var parts: [String] = []
        if let request = response.request {
            let method = request.httpMethod ?? "GET"
            let url = request.url.map(redaction.url) ?? "(no URL)"
            parts.append("\(method) \(url) → HTTP \(response.statusCode)")
        } else {
            parts.append("HTTP \(response.statusCode)")
        }
        parts.append(BodyPreview.describe(response.data, redaction: redaction))
        return " (" + parts.joined(separator: "; ") + ")"
    }

    private static func decodingReason(_ error: any Error, _ redaction: Redaction) -> String {
        // A decoder's words about a value under a secret key may quote the secret.
        switch (error as? DecodingError)?.hidingValueText(redaction) ?? error {
        case DecodingError.keyNotFound(let key, let context):
            " Key \"\(key.stringValue)\" is missing at \(path(context.codingPath))."
        case DecodingError.typeMismatch(let type, let context):
            " Expected \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, let context):
            " Expected \(type) but found null at \(path(context.codingPath))."
        case DecodingError.dataCorrupted(let context):
            " The data is not valid at \(path(context.codingPath)): \(context.debugDescription)"
        case EncodingError.invalidValue(let value, let context):
            " \(type(of: value)) at \(path(context.codingPath)) cannot be encoded: \(context.debugDescription)"
        case let typed as TypedTargetDecodingError:
            " " + typed.description
        default:
            ""
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func underlyingDescription(_ error: any Error, _ redaction: Redaction) -> String {
        if let courierError = error as? CourierError { return courierError.description(redacting: redaction) }
        guard let urlError = error as? URLError else { return error.localizedDescription }
        let target = urlError.failingURL.map { " (\(redaction.url($0)))" } ?? ""
        let reason: String
        switch urlError.code {
        case .cancelled: reason = "The request was cancelled."
        case .timedOut: reason = "The request timed out."
        case .cannotConnectToHost: reason = "Could not connect to the server; is it running and reachable?"
        case .cannotFindHost, .dnsLookupFailed: reason = "The server's host name could not be resolved."
        case .networkConnectionLost: reason = "The connection was lost before the response was complete."
        case .notConnectedToInternet: reason = "There is no network connection."
        case .badServerResponse: reason = "The server sent a response that is not valid HTTP."
        case .unsupportedURL: reason = "The URL's scheme is not supported."
        case .cannotDecodeContentData: reason = "The body could not be decoded from its Content-Encoding."
        case .httpTooManyRedirects: reason = "The server redirected too many times."
        default:
            return "The transfer failed with URLError \(urlError.code.rawValue)."
                + transportReason(urlError, after: nil)
                + target
        }
        guard codesAboutTheServersBytes.contains(urlError.code) else { return reason + target }
        return reason + transportReason(urlError, after: reason) + target
    }

    /// The codes of failures where the server's bytes were wrong, whose transport's words say how
    /// ("Nul byte in header", "transfer closed with 10 bytes remaining"); after a refused
    /// connection, a lookup or a timeout, Courier's sentence and the URL say all there is.
    private static let codesAboutTheServersBytes: Set<URLError.Code> = [
        .badServerResponse, .cannotDecodeContentData, .cannotParseResponse, .networkConnectionLost,
    ]

    /// ` Nul byte in header.`: what the transport said about the failure (libcurl's message, or
    /// Courier's own about a limit), which the code alone does not tell; at most 300 characters.
    /// Nothing when the error carries no description of its own, or when it only says `reason`
    /// (Courier's sentence for the code) again. Apple's URLSession describes each code with one
    /// fixed sentence, so there it is added only to a code Courier has no sentence for.
    private static func transportReason(_ error: URLError, after reason: String?) -> String {
        #if !canImport(FoundationNetworking)
            if reason != nil { return "" }
        #endif
        guard let text = error.userInfo[NSLocalizedDescriptionKey] as? String else { return "" }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !saysTheSame(trimmed, reason) else { return "" }
        let shown = trimmed.count > 300 ? trimmed.prefix(300) + "…" : Substring(trimmed)
        return " " + shown + (shown.last.map { ".!?…".contains($0) } == true ? "" : ".")
    }

    /// Whether `text` and `reason` hold the same words, whatever their case and punctuation.
    private static func saysTheSame(_ text: String, _ reason: String?) -> Bool {
        guard let reason else { return false }
        let words = { (sentence: String) in sentence.lowercased().filter { $0.isLetter || $0.isNumber } }
        return words(text) == words(reason)
    }
}
