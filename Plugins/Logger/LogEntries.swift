import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The entries ``NetworkLoggerPlugin`` writes for one request or one outcome.
struct LogEntries {
    let configuration: NetworkLoggerPlugin.Configuration
    let target: any TargetType
    /// The start of every line, when the default entry formatter renders them: worked out once
    /// for all the entries of one call.
    private let linePrefix: String?
    /// The configuration's redaction, hiding the target's ``TargetType/credentialHeaders`` too.
    private let redaction: Redaction

    init(configuration: NetworkLoggerPlugin.Configuration, target: any TargetType) {
        self.configuration = configuration
        self.target = target
        redaction = configuration.redaction(for: target)
        linePrefix =
            configuration.formatter.isDefaultEntry ? NetworkLoggerPlugin.Configuration.Formatter.linePrefix() : nil
    }

    private var options: NetworkLoggerPlugin.Configuration.LogOptions { configuration.logOptions }

    // MARK: - Request

    /// `Request: <url>`, then as the options say `Request Headers: […]`, `Request Body: …` and
    /// `HTTP Request Method: GET`; or only `Request: curl …` with ``formatRequestAscURL``.
    func request(_ outgoing: any RequestType) -> [String] {
        guard let request = outgoing.request else {
            return [entry("Request", "(invalid request)")]
        }
        if options.contains(.formatRequestAscURL) {
            return [entry("Request", outgoing.cURLDescription(redacting: redaction), isRedacted: true)]
        }
        var entries = [entry("Request", request.url?.absoluteString ?? "(no URL)")]
        if options.contains(.requestHeaders) {
            let headers = Self.merged(outgoing.sessionHeaders, request.allHTTPHeaderFields ?? [:])
            entries.append(entry("Request Headers", headerList(headers), isRedacted: true))
        }
        if options.contains(.requestBody) {
            if let stream = request.httpBodyStream {
                entries.append(entry("Request Body Stream", String(describing: stream)))
            }
            if let body = request.httpBody {
                let contentType = request.value(forHTTPHeaderField: "Content-Type")
                entries.append(
                    entry("Request Body", render(body, contentType, custom: configuration.formatter.requestData)))
            }
        }
        if options.contains(.requestMethod) {
            entries.append(entry("HTTP Request Method", request.httpMethod ?? "GET"))
        }
        return entries
    }

    /// `request` headers over `session` headers: a request header replaces a session header of
    /// the same name in any case.
    static func merged(_ session: [String: String], _ request: [String: String]) -> [Header] {
        var merged = request.map { Header(name: $0.key, value: $0.value) }
        // A handful of names on each side: comparing in place beats building a lowercased set.
        for (name, value) in session where !request.keys.contains(where: { $0.caseInsensitiveEquals(name) }) {
            merged.append(Header(name: name, value: value))
        }
        return merged
    }

    /// One header line, as the logger lists it.
    struct Header {
        let name: String
        let value: String
    }

    // MARK: - Outcome

    /// The response entries for a success, and for a failure that carries a response; otherwise
    /// `Error: Error calling <target> : <description>`.
    func result(_ result: Result<Response, CourierError>) -> [String] {
        switch result {
        case .success(let response):
            return self.response(response, failed: false)
        case .failure(let error):
            if let response = error.response {
                return self.response(response, failed: true)
            }
            var message = "Error calling \(TargetName.of(target)) : \(error.description(redacting: redaction))"
            if let elapsed = Self.elapsed() { message += " (after \(elapsed))" }
            return [entry("Error", message)]
        }
    }

    /// `Response: 200 in 12.3 ms { URL: … } { status code: 200, headers [...] }`, or Moya's
    /// `Response: Received empty network response for <target>.` when no HTTP response exists
    /// (a stub's sample); then `Metrics: …` and `Response Body: …` if the options ask for them.
    /// An answer from the cache says so after its timing: `200 in 0.1 ms (from cache, revalidated)`.
    private func response(_ response: Response, failed: Bool) -> [String] {
        var timing = Self.elapsed().map { " in \($0)" } ?? ""
        if response.origin.isFromCache {
            timing += response.origin == .cache ? " (from cache)" : " (from cache, \(response.origin))"
        }
        var entries: [String]
        if let http = response.response {
            let url = http.url.map(redaction.url) ?? "(no URL)"
            let headers = http.allHeaderFields.map { name, value in
                (String(describing: name).lowercased(), String(describing: value))
            }
            let unique = Dictionary(headers) { first, _ in first }.map { Header(name: $0.key, value: $0.value) }
            let message =
                "\(response.statusCode)\(timing) { URL: \(url) } { status code: \(http.statusCode), headers "
                + headerList(unique) + " }"
            entries = [entry("Response", message, isRedacted: true)]
        } else {
            let message =
                "Received empty network response for \(TargetName.of(target)). \(response.statusCode)\(timing)"
            entries = [entry("Response", message)]
        }
        if options.contains(.transferMetrics), let metrics = response.metrics {
            entries.append(entry("Metrics", metrics.description))
        }
        if options.contains(.successResponseBody) || (failed && options.contains(.errorResponseBody)) {
            let contentType = response.response?.value(forHTTPHeaderField: "Content-Type")
            entries.append(
                entry("Response Body", render(response.data, contentType, custom: configuration.formatter.responseData))
            )
        }
        return entries
    }

    // MARK: - Pieces

    /// One entry. Its message goes through ``Redaction/redacting(_:)`` whatever it holds — URL,
    /// body, method, error, target name — unless `isRedacted` says it was built from pieces that
    /// each went through it (header lists, the cURL line), so nothing the logger writes skips it.
    private func entry(_ identifier: String, _ message: String, isRedacted: Bool = false) -> String {
        let message = isRedacted ? message : redaction.redacting(message)
        guard let linePrefix else { return configuration.formatter.entry(identifier, message, target) }
        return linePrefix + identifier + ": " + message
    }

    /// The body as the user's formatter renders it, or else as ``BodyRenderer`` does.
    private func render(
        _ body: Data, _ contentType: String?, custom: NetworkLoggerPlugin.Configuration.Formatter.DataFormatterType?
    ) -> String {
        if let custom { return custom(body) }
        return BodyRenderer(configuration).render(body, contentType: Self.mediaType(contentType))
    }

    /// `["Accept": "*/*", "Authorization": "<redacted>"]`: sorted by name, secrets hidden (see
    /// ``Redaction/headerValue(_:forName:)``), in the form of Swift's dictionary description (Moya
    /// prints the dictionary itself).
    private func headerList(_ headers: [Header]) -> String {
        var list = "["
        list.reserveCapacity(headers.count * 48)
        for header in headers.sorted(by: { $0.name < $1.name }) {
            if list.utf8.count > 1 { list += ", " }
            Self.appendQuoted(header.name, to: &list)
            list += ": "
            Self.appendQuoted(redaction.headerValue(header.value, forName: header.name), to: &list)
        }
        list += "]"
        return list
    }

    /// Appends `text` in double quotes, escaped as Swift's `debugDescription` escapes it; plain
    /// ASCII (nearly every header) without the cost of `debugDescription`.
    private static func appendQuoted(_ text: String, to output: inout String) {
        let isPlain = text.utf8.allSatisfy {
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
        if isPlain {
            output += "\""
            output += text
            output += "\""
        } else {
            output += text.debugDescription
        }
    }

    /// The time since the current attempt started, when inside a request.
    private static func elapsed() -> String? {
        guard let context = RequestContext.current else { return nil }
        return LogTime.elapsed(ContinuousClock.now - context.startedAt)
    }

    /// `image/png` from `image/png; q=1`.
    private static func mediaType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let type = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        return type.isEmpty ? nil : type
    }
}
