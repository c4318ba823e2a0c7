import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The last check before a request is sent: nothing in it may change how the server splits the
/// bytes into header lines and requests (issue 13 §2, header injection and request smuggling).
///
/// The provider calls ``refusal(of:body:sessionHeaders:)`` once per attempt, after every plugin,
/// right before the transport or the stub, and Courier's transports check again (their `send` is
/// public: ``problem(in:body:sessionHeaders:)``, ``framingProblem(in:body:sessionHeaders:)``), so
/// every source of headers is covered: the target, the
/// endpoint (`adding(newHTTPHeaderFields:)`), the `requestClosure`, plugins' `prepare` and `adapt`,
/// and the transport's session headers. The rules:
/// - the method is an RFC 9110 token (the URL needs no check: Foundation's `URL` percent-encodes
///   spaces and control characters, so none reaches the request line);
/// - header names are tokens; values hold no CR, LF, NUL, other control character but tab, or DEL
///   (see `HTTPSyntax.FieldValue`);
/// - `Content-Length`, if set at all, is one decimal number equal to the length of the body that
///   will be sent (any number is accepted for a body stream, whose length cannot be known);
/// - `Transfer-Encoding` is never set: the transport frames the body;
/// - `Host`, if set, names the URL's own authority (host and port, the scheme's default port
///   being the same as none).
///
/// What curl and URLSession do with these headers differs (curl sends what it is given, and
/// FoundationNetworking passes it to curl; Apple's URLSession overrides some of them), so refusing
/// them is the only rule that behaves the same everywhere.
package enum RequestValidation {
    /// The error `request` fails with, or `nil` when it may be sent.
    /// - Parameters:
    ///   - body: Where the transport reads the body from; `nil` while it is not known yet (a
    ///     multipart body not yet written), which leaves a `Content-Length` unchecked against it.
    ///   - sessionHeaders: The headers the transport adds to requests that do not set them.
    package static func refusal(
        of request: URLRequest, body: TransportRequest.Body?, sessionHeaders: [String: String]
    ) -> CourierError? {
        problem(in: request, body: body, sessionHeaders: sessionHeaders).map { .underlying($0, nil) }
    }

    /// Whether `sessionHeaders` can never make a request fail these checks, whatever the request:
    /// every name a token, every value a field value, and no `Content-Length`,
    /// `Transfer-Encoding` or `Host` among them. A provider whose transport's session headers
    /// never change (``FixedSessionHeaders``) asks once, when it is made, and then checks each
    /// request's own headers only: a session header that passes alone passes with any request,
    /// and cannot change which problem of the request's own is reported first.
    package static func alwaysPass(sessionHeaders: [String: String]) -> Bool {
        sessionHeaders.allSatisfy { name, value in
            syntaxProblem(name: name, value: value) == nil && FramingField(name) == nil
        }
    }

    /// The three fields that frame a request.
    private enum FramingField {
        case host, contentLength, transferEncoding

        /// The field `name` is, in any case; `nil` for every other name. Most names are told apart
        /// by their length alone.
        init?(_ name: String) {
            switch name.utf8.count {
            case 4 where name.caseInsensitiveEquals("Host"): self = .host
            case 14 where name.caseInsensitiveEquals("Content-Length"): self = .contentLength
            case 17 where name.caseInsensitiveEquals("Transfer-Encoding"): self = .transferEncoding
            default: return nil
            }
        }
    }

    /// The first problem found, in a fixed order: method, then the headers sorted by name,
    /// each for its name, its value, and what it says about framing (`Content-Length`,
    /// `Transfer-Encoding`, `Host`).
    package static func problem(
        in request: URLRequest, body: TransportRequest.Body?, sessionHeaders: [String: String]
    ) -> InvalidRequestError? {
        let method = request.httpMethod ?? "GET"
        if let refused = HTTPSyntax.firstRefused(in: method, HTTPSyntax.Token.self) {
            return .method(
                method: HTTPSyntax.prefix(of: method, bytes: refused.offset), byte: refused.byte,
                offset: refused.offset)
        }
        if method.isEmpty { return .method(method: "", byte: nil, offset: 0) }
        let own = request.allHTTPHeaderFields ?? [:]
        let sessionProblem = sessionHeaders.contains { name, value in
            problem(name, value, request, body) != nil && !own.keys.contains { $0.caseInsensitiveEquals(name) }
        }
        // Checked where they are first, without sorting or copying; a problem is then reported for
        // the first header by name, so that the same request always gives the same error.
        guard sessionProblem || own.contains(where: { problem($0.key, $0.value, request, body) != nil }) else {
            return nil
        }
        for (name, value) in sent(own, sessionHeaders) {
            if let problem = problem(name, value, request, body) { return problem }
        }
        return nil
    }

    /// The first problem with the headers that frame the request (`Content-Length`,
    /// `Transfer-Encoding`, `Host`) among those that go on the wire, by name; `nil` when there is
    /// none. For a transport that checks names and values its own way and must own the framing
    /// whoever calls it (``HTTPTransport/send(_:)`` is public: no provider need be in front).
    package static func framingProblem(
        in request: URLRequest, body: TransportRequest.Body?, sessionHeaders: [String: String]
    ) -> InvalidRequestError? {
        let own = request.allHTTPHeaderFields ?? [:]
        var found: (name: String, problem: InvalidRequestError)?
        func consider(_ name: String, _ value: String) {
            guard let problem = framingProblem(name: name, value: value, request: request, body: body),
                found.map({ name < $0.name }) ?? true
            else { return }
            found = (name, problem)
        }
        for (name, value) in own { consider(name, value) }
        for (name, value) in sessionHeaders where !own.keys.contains(where: { $0.caseInsensitiveEquals(name) }) {
            consider(name, value)
        }
        return found?.problem
    }

    private static func problem(_ name: String, _ value: String, _ request: URLRequest, _ body: TransportRequest.Body?)
        -> InvalidRequestError?
    {
        syntaxProblem(name: name, value: value)
            ?? framingProblem(name: name, value: value, request: request, body: body)
    }

    /// The headers that go on the wire: the request's, and the session's that it does not replace
    /// (in any case), sorted by name.
    private static func sent(_ own: [String: String], _ session: [String: String]) -> [(String, String)] {
        var headers = own.map { ($0.key, $0.value) }
        for (name, value) in session where !own.keys.contains(where: { $0.caseInsensitiveEquals(name) }) {
            headers.append((name, value))
        }
        return headers.sorted { $0.0 < $1.0 }
    }

    private static func syntaxProblem(name: String, value: String) -> InvalidRequestError? {
        if name.isEmpty { return .headerName(name: "", byte: nil, offset: 0) }
        if let refused = HTTPSyntax.firstRefused(in: name, HTTPSyntax.Token.self) {
            return .headerName(
                name: HTTPSyntax.prefix(of: name, bytes: refused.offset), byte: refused.byte, offset: refused.offset)
        }
        if let refused = HTTPSyntax.firstRefused(in: value, HTTPSyntax.FieldValue.self) {
            return .headerValue(name: name, byte: refused.byte, offset: refused.offset)
        }
        return nil
    }

    private static func framingProblem(name: String, value: String, request: URLRequest, body: TransportRequest.Body?)
        -> InvalidRequestError?
    {
        switch FramingField(name) {
        case nil:
            return nil
        case .transferEncoding:
            return .transferEncoding
        case .contentLength:
            let length = bodyLength(request, body)
            guard let declared = decimal(value), length == nil || declared == length else {
                return .contentLength(value: value, bodyLength: length)
            }
            return nil
        case .host:
            guard let url = request.url, let authority = HostAuthority(url: url),
                HostAuthority(hostHeader: value, scheme: url.scheme) != authority
            else { return nil }
            return .host(value: value, authority: authority.text)
        }
    }

    /// The length of the body the transport will send; `nil` for a stream or a body not known yet.
    private static func bodyLength(_ request: URLRequest, _ body: TransportRequest.Body?) -> Int64? {
        switch body {
        case nil:
            nil
        case .inRequest:
            request.httpBodyStream == nil ? Int64(request.httpBody?.count ?? 0) : nil
        case .file(let fileURL):
            TransferBody.size(of: fileURL)
        }
    }

    /// `1*DIGIT` (RFC 9110 §8.6), spaces and tabs around it allowed; `nil` for anything else,
    /// such as a list (`5, 5`), a sign or a number too large to be a length.
    private static func decimal(_ value: String) -> Int64? {
        let digits = value.utf8.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return digits.reversed().reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
    }
}
