#if os(Linux)
    internal import CCourierCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// One request as libcurl will send it: URL, method, header lines and body, built on the
    /// caller's thread so that the event loop only applies it.
    ///
    /// Headers are checked here once more, whatever the pipeline did: a name or value with CR, LF
    /// or NUL, or a method that is not an RFC 9110 token, is refused with ``UnsafeHeaderError``,
    /// and a `Content-Length` that is not the body's, any `Transfer-Encoding` or a `Host` of another
    /// authority with ``InvalidRequestError``, before anything reaches libcurl, which would write
    /// them to the wire as they are.
    final class CurlRequestPlan {
        let request: URLRequest
        let url: URL
        let method: String
        /// The header lines: the plan's own (freed with it), or the session's shared list.
        let headers: UnsafeMutablePointer<courier_curl_slist>?
        /// The session's lines when ``headers`` is their shared list, kept alive with the plan (which
        /// the easy handle keeps until it is reset); `nil` when the list is the plan's own, to free.
        private let sharedLines: CurlHeaderLines?
        let body: CurlRequestBody?
        /// Whether a `Host` header of the request's (or the session's) is sent.
        let carriesHost: Bool

        /// - Parameters:
        ///   - request: The request to send.
        ///   - body: Where its body comes from.
        ///   - sessionLines: The headers added unless the request has them (see ``CurlHeaderLines``).
        init(_ request: URLRequest, body: TransportRequest.Body, sessionLines: CurlHeaderLines) throws {
            let sessionHeaders = sessionLines.fields
            if let refusal = TransportURL.refusal(of: request.url) { throw refusal }
            guard let url = request.url else { throw URLError(.unsupportedURL) }
            let method = request.httpMethod ?? "GET"
            guard CurlHeaderLines.isToken(method) else { throw UnsafeHeaderError(name: method, part: .method) }
            // The transport owns the framing, whoever calls it: a length that is not the body's, a
            // second framing or another authority never reaches libcurl, which sends them as given.
            if let problem = RequestValidation.framingProblem(in: request, body: body, sessionHeaders: sessionHeaders) {
                throw problem
            }
            var content: CurlRequestBody?
            switch body {
            case .file(let fileURL): content = try CurlRequestBody(file: fileURL)
            case .inRequest: content = request.httpBody.map(CurlRequestBody.init)
            }
            // A stream of unknown length is not sent rather than dropped without a word: a file body
            // (`HTTPTask.uploadFile`) streams from disk with its length known.
            if content == nil, request.httpBodyStream != nil {
                throw URLError(
                    .requestBodyStreamExhausted,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "CurlTransport does not send URLRequest.httpBodyStream; use HTTPTask.uploadFile or httpBody"
                    ])
            }
            // A method that gives content a meaning is sent with a length even without a body:
            // `Content-Length: 0` (RFC 9110 §8.6; some servers answer 411 without it).
            if content == nil, Self.methodsWithContent.contains(method) { content = CurlRequestBody(Data()) }
            self.body = content
            let fields = request.allHTTPHeaderFields ?? [:]
            self.carriesHost = Self.hasField("Host", in: fields, sessionHeaders)
            self.request = request
            self.url = url
            self.method = method
            if fields.isEmpty, content == nil, let shared = sessionLines.shared {
                // Most GETs: the session's lines as they are, written once per transport.
                headers = shared
                sharedLines = sessionLines
            } else {
                headers = try Self.headerList(
                    fields, sessionLines: sessionLines,
                    formDefault: method == "POST" && content?.fileURL == nil && content?.size != 0,
                    hasBody: content != nil)
                sharedLines = nil
            }
        }

        deinit {
            if sharedLines == nil { courier_curl_slist_free_all(headers) }
        }

        /// The methods whose request content has a meaning (RFC 9110 §9.3), so that a request
        /// without a body still says `Content-Length: 0`; other methods send no length then.
        static let methodsWithContent: Set<String> = ["POST", "PUT", "PATCH"]

        /// The request's headers, then the session's it lacks, as libcurl header lines. `Name;`
        /// sends a header with an empty value; `Name:` stops libcurl from sending one of its own.
        private static func headerList(
            _ fields: [String: String], sessionLines: CurlHeaderLines, formDefault: Bool, hasBody: Bool
        ) throws -> UnsafeMutablePointer<courier_curl_slist>? {
            var lines: [String] = []
            lines.reserveCapacity(fields.count + sessionLines.lines.count + 2)
            for (name, value) in fields {
                try lines.append(CurlHeaderLines.line(name, value))
            }
            for session in sessionLines.lines
            where !fields.keys.contains(where: { $0.caseInsensitiveEquals(session.name) }) {
                try lines.append(session.line.get())
            }
            if hasBody {
                // No `Expect: 100-continue` round trip (as URLSession). A POST of a body in memory
                // without a Content-Type is sent as a form, as URLSession does; other bodies (other
                // methods, files) get no Content-Type rather than libcurl's form default.
                if !fields.keys.contains(where: { $0.caseInsensitiveEquals("Expect") }) { lines.append("Expect:") }
                if !formDefault, !fields.keys.contains(where: { $0.caseInsensitiveEquals("Content-Type") }) {
                    lines.append("Content-Type:")
                }
            }
            var list: UnsafeMutablePointer<courier_curl_slist>?
            for line in lines {
                // A native string's own bytes, which end in a NUL: passed as a `String`, each line
                // was first copied into an array of its own (`utf8CString`), then released.
                guard let appended = line.withCString({ courier_curl_slist_append(list, $0) }) else {
                    courier_curl_slist_free_all(list)
                    throw URLError(.cannotLoadFromNetwork)
                }
                list = appended
            }
            return list
        }

        /// Whether `fields`, or `sessionHeaders`, name the header `name` (in any case).
        private static func hasField(_ name: String, in fields: [String: String], _ sessionHeaders: [String: String])
            -> Bool
        {
            fields.keys.contains { $0.caseInsensitiveEquals(name) }
                || sessionHeaders.keys.contains { $0.caseInsensitiveEquals(name) }
        }
    }
#endif
