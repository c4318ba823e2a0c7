import Courier

/// One request a ``RequestRecorder`` saw leave the provider, after every plugin.
///
/// Read its parts (``method``, ``url``, ``header(_:)``, ``queryItems``, ``jsonBody(as:decoder:)``,
/// ``formFields``) to assert with `XCTAssert…` or `#expect`, or check them in one line each with
/// the throwing `expect` methods, which fail with a message that shows what was sent.
public struct RecordedRequest: Sendable {
    /// The request as it was sent.
    public let urlRequest: URLRequest
    /// The target it was made for.
    public var target: any TargetType { recordedTarget.value }
    /// The target, kept as the plugin saw it; a test reads it after the request.
    private let recordedTarget: CallerIsolated<any TargetType>
    /// Headers the transport adds to every request, such as `User-Agent`.
    public let sessionHeaders: [String: String]
    /// Which request and attempt it was, and whether a stub answered it; `nil` when the plugin
    /// was called outside a provider.
    public let context: RequestContext?

    /// Creates a record.
    /// - Parameters:
    ///   - urlRequest: The request as it was sent.
    ///   - target: The target.
    ///   - sessionHeaders: Headers the transport adds. Empty by default.
    ///   - context: The request's context. `nil` by default.
    public init(
        urlRequest: URLRequest, target: any TargetType, sessionHeaders: [String: String] = [:],
        context: RequestContext? = nil
    ) {
        self.urlRequest = urlRequest
        self.recordedTarget = CallerIsolated(target)
        self.sessionHeaders = sessionHeaders
        self.context = context
    }

    // MARK: - Parts

    /// The URL, with the query.
    public var url: URL? { urlRequest.url }

    /// The URL's path, e.g. `/users/octocat`; empty when there is no URL.
    public var path: String { url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.path } ?? "" }

    /// The method; `GET` when the request names none.
    public var method: HTTPMethod { HTTPMethod(rawValue: urlRequest.httpMethod ?? "GET") }

    /// The request's own headers, without the transport's session headers.
    public var headers: [String: String] { urlRequest.allHTTPHeaderFields ?? [:] }

    /// The value of header `name` in any case: the request's own, or else the transport's.
    public func header(_ name: String) -> String? {
        let lowercased = name.lowercased()
        return headers.first { $0.key.lowercased() == lowercased }?.value
            ?? sessionHeaders.first { $0.key.lowercased() == lowercased }?.value
    }

    /// The query items, in the order they were sent, decoded.
    public var queryItems: [URLQueryItem] {
        url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
    }

    /// The body; `nil` when there is none, and for file and multipart uploads, whose bodies are
    /// streamed from files.
    public var body: Data? { urlRequest.httpBody }

    /// The body decoded from JSON as `type`.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder. A new `JSONDecoder` by default.
    /// - Throws: ``RequestExpectationFailure`` naming the decoding error and showing the body.
    public func jsonBody<Value: Decodable>(
        as type: Value.Type, decoder: JSONDecoder = JSONDecoder(), fileID: String = #fileID, line: Int = #line
    ) throws(RequestExpectationFailure) -> Value {
        guard let body, !body.isEmpty else {
            throw RequestExpectationFailure(
                "Expected a JSON body, but \(summary) has none.", fileID: fileID, line: line)
        }
        do {
            return try decoder.decode(type, from: body)
        } catch {
            throw RequestExpectationFailure(
                "The body of \(summary) does not decode as \(type): \(error). Body: \(bodyText)",
                fileID: fileID, line: line)
        }
    }

    /// The fields of an `application/x-www-form-urlencoded` body, in order and decoded (`+` is a
    /// space); empty when there is no body.
    public var formFields: [URLQueryItem] {
        guard let body, let text = String(data: body, encoding: .utf8), !text.isEmpty else { return [] }
        return text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return URLQueryItem(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil)
        }
    }

    /// Whether a stub answered the request.
    public var isStubbed: Bool { context?.isStubbed ?? false }

    /// The attempt, starting at 1.
    public var attempt: Int { context?.attempt ?? 1 }

    /// `POST https://api.example.com/users`, for messages.
    var summary: String { "\(method) \(url?.absoluteString ?? "(no URL)")" }

    /// The body as text for messages, or its size when it is not text.
    var bodyText: String {
        guard let body else { return "(none)" }
        return String(data: body, encoding: .utf8) ?? "(\(body.count) bytes, not UTF-8)"
    }
}
