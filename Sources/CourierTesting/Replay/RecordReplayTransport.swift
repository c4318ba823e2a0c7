import Courier

/// A transport that records a session against a real server and replays it offline.
///
/// ```swift
/// let directory = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Recordings/Login")
/// // Once, against the real server:
/// let recording = Provider<API>(transport: RecordReplayTransport(mode: .record(), directory: directory))
/// // In every test run, offline:
/// let replaying = Provider<API>(transport: RecordReplayTransport(mode: .replay, directory: directory))
/// ```
///
/// **Files.** Each exchange is two readable files: `GET-users_octocat-1a2b3c4d.json` (method,
/// URL, headers and body of the request; status code and headers of the response) and
/// `GET-users_octocat-1a2b3c4d.body.json` (the response body; `.txt` for text, `.bin` for
/// anything else). Compact JSON bodies are stored indented and compacted again on replay, so
/// replay answers the bytes the server sent. Secrets are hidden with `redaction`: header values,
/// query values, and string values of JSON members and form fields named like secret query
/// parameters (`password`, `token`, …); replay answers with the hidden values.
///
/// **Matching.** A request matches a recording with the same method, the same URL once query
/// items are sorted by name (secret values hidden, fragment dropped), and the same body
/// fingerprint: a hash of the body with JSON keys sorted, secret JSON and form values hidden and
/// a multipart boundary neutralised. Headers are ignored. The n-th identical request is
/// answered by the n-th recording of it, and by the last one after that.
///
/// **Streams.** A streamed request (`Provider.stream`) is recorded as it is read: the body file
/// grows chunk by chunk, never held in memory, and the recording notes each chunk's size and how
/// the body ended (completed, dropped, or left by the reader). Replay cuts the body into the same
/// chunks, at once, and a dropped stream fails again with `URLError(.networkConnectionLost)`.
/// Streamed bodies are stored as received: their secrets are not hidden.
///
/// **Failures.** In replay mode nothing is sent anywhere: a request with no recording fails with
/// ``MissingRecordingError`` (as `CourierError.underlying`). In record mode, a transfer that fails
/// is passed on and not recorded.
public final class RecordReplayTransport: HTTPTransport {
    /// Whether the transport talks to the server or to its recordings.
    public enum Mode: Sendable {
        /// Sends every request through `transport` and saves each exchange, replacing an earlier
        /// recording of the same request. By default through ``DefaultTransport/shared``, the
        /// transport a provider made without one uses, so what is recorded is what the app sends.
        case record(through: any HTTPTransport = DefaultTransport.shared)
        /// Answers every request from the recordings; never touches the network.
        case replay
    }

    /// Whether the transport records or replays.
    public let mode: Mode
    /// The recordings folder.
    public let directory: URL
    /// What is hidden in recordings.
    public let redaction: Redaction

    let store: RecordingStore

    /// Creates a transport.
    /// - Parameters:
    ///   - mode: Record or replay.
    ///   - directory: The recordings folder; record mode creates it.
    ///   - redaction: What is hidden in recordings and left out of matching. ``Redaction/default``
    ///     by default.
    public init(mode: Mode, directory: URL, redaction: Redaction = .default) {
        self.mode = mode
        self.directory = directory
        self.redaction = redaction
        self.store = RecordingStore(directory: directory)
    }

    /// The recording transport's session headers in record mode; none in replay mode.
    public var sessionHeaders: [String: String] {
        if case .record(let transport) = mode { return transport.sessionHeaders }
        return [:]
    }

    /// Sends and records `request`, or answers it from its recording.
    /// - Throws: In replay mode ``MissingRecordingError`` when there is no recording, or a file
    ///   error when one cannot be read; in record mode the transfer's error, or a file error when
    ///   the recording cannot be written.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let body = try Self.body(of: request)
        let key = RecordingKey(request.urlRequest, body: body, redaction: redaction)
        switch mode {
        case .record(let transport):
            let answer = try await transport.send(request)
            let occurrence = store.nextOccurrence(of: key)
            try record(request.urlRequest, body: body, answer: answer, key: key, occurrence: occurrence)
            return answer
        case .replay:
            return try replay(request, key: key, occurrence: store.nextOccurrence(of: key))
        }
    }

    // MARK: - Record

    private func record(
        _ request: URLRequest, body: Data?, answer: TransportResponse, key: RecordingKey, occurrence: Int
    ) throws {
        var responseBody = answer.data
        if let fileURL = answer.fileURL {
            responseBody = try Data(contentsOf: fileURL)
        }
        let file = RecordedBody.responseFile(responseBody, redaction)
        var exchange = exchange(request, body: body, response: answer.response, key: key)
        exchange.response.bodyLayout = file.data.isEmpty ? nil : file.layout
        try store.write(
            exchange, body: file.data, bodyExtension: file.pathExtension,
            name: RecordingStore.name(key, occurrence: occurrence))
    }

    /// The recording of `request` and `response`, secrets hidden, without a body file yet.
    func exchange(_ request: URLRequest, body: Data?, response: HTTPURLResponse, key: RecordingKey)
        -> RecordedExchange
    {
        RecordedExchange(
            request: .init(
                method: key.method,
                url: request.url.map(redaction.url) ?? "(no URL)",
                headers: redaction.headers(request.allHTTPHeaderFields ?? [:]),
                body: RecordedBody.requestText(
                    body, contentType: request.value(forHTTPHeaderField: "Content-Type"), redaction),
                match: key.text),
            response: .init(
                statusCode: response.statusCode,
                headers: redaction.headers(Self.headers(of: response)),
                bodyFile: nil,
                bodyLayout: nil))
    }

    // MARK: - Replay

    private func replay(_ request: TransportRequest, key: RecordingKey, occurrence: Int) throws -> TransportResponse {
        let (_, response, body) = try recording(of: request, key: key, occurrence: occurrence)
        guard let destination = request.destination else {
            return TransportResponse(response: response, data: body)
        }
        return TransportResponse(response: response, fileURL: try ReplayedDownload.save(body, response, destination))
    }

    /// The recording of `request`: the exchange, its response head and its body.
    /// - Throws: ``MissingRecordingError`` when there is none.
    func recording(of request: TransportRequest, key: RecordingKey, occurrence: Int) throws -> (
        RecordedExchange, HTTPURLResponse, Data
    ) {
        guard let (exchange, body) = try store.read(key, occurrence: occurrence) else {
            throw MissingRecordingError(
                request: "\(key.method) \(request.urlRequest.url.map(redaction.url) ?? "(no URL)")",
                matchKey: key.text,
                expectedFile: RecordingStore.name(key, occurrence: 1) + ".json",
                directory: directory,
                similarRecordings: store.similar(to: key))
        }
        guard let url = request.urlRequest.url,
            let response = HTTPURLResponse(
                url: url, statusCode: exchange.response.statusCode, httpVersion: "HTTP/1.1",
                headerFields: exchange.response.headers)
        else { throw URLError(.badServerResponse) }
        return (exchange, response, body)
    }

    // MARK: - Helpers

    /// The request body: in the request, or in the file it is streamed from.
    static func body(of request: TransportRequest) throws -> Data? {
        switch request.body {
        case .inRequest: request.urlRequest.httpBody
        case .file(let fileURL): try Data(contentsOf: fileURL)
        }
    }

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return headers
    }
}
