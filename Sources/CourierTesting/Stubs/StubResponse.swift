import Courier

/// What a stubbed target answers: a status code, headers and a body, or a failure such as a
/// timeout, optionally after a delay.
///
/// ```swift
/// .json(User(login: "octocat"))                       // 200, Content-Type: application/json
/// .fixture("users/octocat", status: 201)              // the body of Fixtures/users/octocat.json
/// .status(404).withHeaders(["Retry-After": "3"])
/// .timeout.delayed(seconds: 2)                        // URLError(.timedOut) after 2 s
/// ```
///
/// A response with headers carries an `HTTPURLResponse` (``Response/response``); one without, such
/// as ``status(_:)``, has none, like Moya's default stubs. ``sampleData`` answers exactly what the
/// endpoint's sample response gives.
public struct StubResponse: Sendable {
    enum Body: Sendable {
        case data(Data)
        case encoded(Result<Data, any Error>)
        case sampleData
        case fixture(name: String?, in: Fixtures?)
        case stream(StreamScript)
        case webSocket(WebSocketScript)
    }

    enum Outcome: Sendable {
        case answer(statusCode: Int?, headers: [String: String], body: Body)
        case failure(any Error)
        case unstubbed
    }

    let outcome: Outcome
    /// The delay before the answer, in seconds. `0` unless set with ``delayed(seconds:)``.
    public private(set) var delay: TimeInterval = 0

    private init(_ outcome: Outcome) {
        self.outcome = outcome
    }

    // MARK: - Answers

    /// The endpoint's own sample response: by default status `200` with the target's `sampleData`.
    public static let sampleData = StubResponse(.answer(statusCode: nil, headers: [:], body: .sampleData))

    /// An empty body with `statusCode`.
    public static func status(_ statusCode: Int) -> StubResponse {
        StubResponse(.answer(statusCode: statusCode, headers: [:], body: .data(Data())))
    }

    /// `data` as the body.
    /// - Parameters:
    ///   - data: The body.
    ///   - status: The status code. `200` by default.
    public static func data(_ data: Data, status: Int = 200) -> StubResponse {
        StubResponse(.answer(statusCode: status, headers: [:], body: .data(data)))
    }

    /// `text` as a UTF-8 body, with `Content-Type: text/plain; charset=utf-8`.
    /// - Parameters:
    ///   - text: The body.
    ///   - status: The status code. `200` by default.
    public static func string(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(
            .answer(
                statusCode: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
                body: .data(Data(text.utf8))))
    }

    /// `value` encoded as JSON, with `Content-Type: application/json`.
    /// - Parameters:
    ///   - value: The body's value. If it cannot be encoded, the request fails with the
    ///     encoder's error.
    ///   - status: The status code. `200` by default.
    ///   - encoder: The encoder. `nil` by default: Courier's own, which writes what a `JSONEncoder`
    ///     with sorted keys writes, as for `.requestJSONEncodable`, so stubbed bodies are the same bytes
    ///     on every run. Either way, a value nested deeper than ``HTTPTask/maximumNestingDepth``
    ///     fails with ``ParameterEncodingError/nestingTooDeep(key:limit:)``.
    public static func json(
        _ value: some Encodable & Sendable, status: Int = 200, encoder: JSONEncoder? = nil
    ) -> StubResponse {
        let data = Result { try JSONBodyEncoder.encode(value, with: encoder) }
        return StubResponse(.answer(statusCode: status, headers: jsonHeaders, body: .encoded(data)))
    }

    /// `json` (JSON text, sent as it is) as the body, with `Content-Type: application/json`.
    /// - Parameters:
    ///   - json: The JSON text, e.g. `#"{"id": 1}"#`.
    ///   - status: The status code. `200` by default.
    public static func json(_ json: String, status: Int = 200) -> StubResponse {
        StubResponse(.answer(statusCode: status, headers: jsonHeaders, body: .data(Data(json.utf8))))
    }

    /// The contents of a fixture file as the body, with a `Content-Type` that follows the
    /// extension of the file found: `application/json` for `.json`, `text/plain` for `.txt`, and
    /// so on; none for an extension Courier does not know. A `Content-Type` given with
    /// ``withHeaders(_:)`` wins.
    ///
    /// A missing file fails the request with ``FixtureNotFoundError``, which names the files
    /// looked for.
    /// - Parameters:
    ///   - name: The file's name (see ``Fixtures/url(named:)``). `nil` by default: the name is
    ///     derived from the target (see ``Fixtures/candidateNames(for:)``).
    ///   - fixtures: Where the file is. `nil` by default: the ``Stubs``' fixtures.
    ///   - status: The status code. `200` by default.
    public static func fixture(_ name: String? = nil, in fixtures: Fixtures? = nil, status: Int = 200)
        -> StubResponse
    {
        StubResponse(.answer(statusCode: status, headers: [:], body: .fixture(name: name, in: fixtures)))
    }

    /// A streamed answer: `script`'s head, then its chunks and waits, for `Provider.stream` (see
    /// ``StreamScript``); its waits pass as the ``Stubs``' ``StubDelays`` say. A plain request
    /// gets the script's whole body at once.
    public static func stream(_ script: StreamScript) -> StubResponse {
        StubResponse(.answer(statusCode: script.statusCode, headers: script.headers, body: .stream(script)))
    }

    /// A WebSocket's conversation, for `Provider.webSocket` (see ``WebSocketScript``); its waits pass
    /// as the ``Stubs``' ``StubDelays`` say. A plain request gets the handshake's status with the
    /// refusal's body.
    public static func webSocket(_ script: WebSocketScript) -> StubResponse {
        StubResponse(.answer(statusCode: script.statusCode, headers: script.headers, body: .webSocket(script)))
    }

    /// A WebSocket's conversation of `steps` (see ``WebSocketScript``).
    public static func webSocket(_ steps: [WebSocketScript.Step]) -> StubResponse {
        webSocket(WebSocketScript(steps))
    }

    // MARK: - Failures

    /// Fails the request with `error`, as `CourierError.underlying(error, nil)`.
    public static func failure(_ error: any Error) -> StubResponse {
        StubResponse(.failure(error))
    }

    /// Fails the request with a `URLError` of `code`, whose failing URL is the request's.
    public static func error(_ code: URLError.Code) -> StubResponse {
        StubResponse(.failure(URLError(code)))
    }

    /// The request timed out: `URLError(.timedOut)`.
    public static let timeout = error(.timedOut)

    /// The connection dropped before the response was complete: `URLError(.networkConnectionLost)`.
    public static let connectionLost = error(.networkConnectionLost)

    /// The device is offline: `URLError(.notConnectedToInternet)`.
    public static let offline = error(.notConnectedToInternet)

    /// Fails the request with ``UnstubbedTargetError``: use it as ``Stubs``' `unmatched` response
    /// to make every target a test did not stub fail.
    public static let unstubbed = StubResponse(.unstubbed)

    // MARK: - Modifiers

    /// This response with `statusCode` instead of its own; a failure is returned unchanged.
    public func withStatus(_ statusCode: Int) -> StubResponse {
        guard case .answer(_, let headers, let body) = outcome else { return self }
        return StubResponse(.answer(statusCode: statusCode, headers: headers, body: body), delay: delay)
    }

    /// This response with `headers` added; a new value replaces one of the same name in any case.
    /// A failure is returned unchanged.
    public func withHeaders(_ headers: [String: String]) -> StubResponse {
        guard case .answer(let statusCode, let existing, let body) = outcome else { return self }
        var merged = existing
        for (name, value) in headers {
            for old in merged.keys where old.lowercased() == name.lowercased() {
                merged[old] = nil
            }
            merged[name] = value
        }
        return StubResponse(.answer(statusCode: statusCode, headers: merged, body: body), delay: delay)
    }

    /// This response after `seconds`. How the delay passes depends on the ``Stubs``' ``StubDelays``:
    /// really, not at all, or on a ``ManualClock``.
    public func delayed(seconds: TimeInterval) -> StubResponse {
        StubResponse(outcome, delay: seconds)
    }

    // MARK: - Helpers

    private init(_ outcome: Outcome, delay: TimeInterval) {
        self.outcome = outcome
        self.delay = delay
    }

    private static let jsonHeaders = ["Content-Type": "application/json"]
}
