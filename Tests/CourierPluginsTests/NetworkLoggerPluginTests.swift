import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Moya's NetworkLoggerPluginSpec, ported: the entries and texts a Moya user relies on.
final class NetworkLoggerPluginTests: XCTestCase {
    private let zenURL = URL(string: "https://api.github.com/zen")!

    private func bodyRequest() -> OutgoingRequest {
        var request = URLRequest(url: zenURL)
        request.allHTTPHeaderFields = ["Content-Type": "application/json"]
        request.httpBody = Data("cool body".utf8)
        return OutgoingRequest(
            request: request, sessionHeaders: ["Content-Type": "application/badJson", "Accept-Language": "en-US"])
    }

    private func zenResponse(_ statusCode: Int, _ body: String) -> Response {
        Response(
            statusCode: statusCode, data: Data(body.utf8),
            response: HTTPURLResponse(url: zenURL, statusCode: statusCode, httpVersion: nil, headerFields: nil))
    }

    func test_willSend_verbose_logsURLMergedHeadersBodyAndMethod() {
        // Given
        let log = LogRecorder()

        // When
        log.logger(.verbose).willSend(bodyRequest(), target: GitHub.zen)

        // Then
        XCTAssertTrue(log.text.contains("Request: https://api.github.com/zen"))
        XCTAssertTrue(
            log.text.contains(
                "Request Headers: [\"Accept-Language\": \"en-US\", \"Content-Type\": \"application/json\"]"))
        XCTAssertTrue(log.text.contains("HTTP Request Method: GET"))
        XCTAssertTrue(log.text.contains("Request Body: cool body"))
    }

    func test_willSend_requestHeader_replacesSessionHeaderOfTheSameNameInAnyCase() {
        // Given
        let log = LogRecorder()
        var request = URLRequest(url: zenURL)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let outgoing = OutgoingRequest(
            request: request, sessionHeaders: ["CONTENT-TYPE": "text/plain", "Accept-Language": "en-US"])

        // When
        log.logger(.verbose).willSend(outgoing, target: GitHub.zen)

        // Then
        XCTAssertTrue(
            log.text.contains(
                "Request Headers: [\"Accept-Language\": \"en-US\", \"Content-Type\": \"application/json\"]"),
            log.text)
    }

    func test_willSend_verbose_logsMethodAfterBody() throws {
        // Given
        let log = LogRecorder()

        // When
        log.logger(.verbose).willSend(bodyRequest(), target: GitHub.zen)

        // Then
        let identifiers = log.lines.map { line in
            ["Request Headers", "Request Body", "HTTP Request Method", "Request"].first { line.contains("] \($0): ") }
        }
        XCTAssertEqual(identifiers, ["Request", "Request Headers", "Request Body", "HTTP Request Method"])
    }

    func test_willSend_bodyStream_logsStreamEntry() {
        // Given
        var request = URLRequest(url: zenURL)
        request.httpBodyStream = InputStream(data: Data("cool body".utf8))
        let log = LogRecorder()

        // When
        log.logger(.verbose).willSend(OutgoingRequest(request: request), target: GitHub.zen)

        // Then
        XCTAssertTrue(log.text.contains("Request Body Stream:"))
        XCTAssertTrue(log.text.contains("HTTP Request Method: GET"))
    }

    func test_willSend_nilRequest_logsInvalidRequest() {
        // Given
        let log = LogRecorder()

        // When
        log.logger(.verbose).willSend(OutgoingRequest(request: nil), target: GitHub.zen)

        // Then
        XCTAssertEqual(log.lines.count, 1)
        XCTAssertTrue(log.text.contains("Request: (invalid request)"))
    }

    func test_willSend_defaultOptions_logsHeadersAndMethodButNoBody() {
        // Given
        let log = LogRecorder()

        // When
        log.logger(.default).willSend(bodyRequest(), target: GitHub.zen)

        // Then
        XCTAssertTrue(log.text.contains("Request Headers: "))
        XCTAssertTrue(log.text.contains("HTTP Request Method: GET"))
        XCTAssertFalse(log.text.contains("cool body"))
    }

    func test_logOptions_presetsAndRawValues_matchMoya() {
        typealias Options = NetworkLoggerPlugin.Configuration.LogOptions
        XCTAssertEqual(Options.default, [.requestMethod, .requestHeaders])
        XCTAssertEqual(
            Options.verbose, [.requestMethod, .requestHeaders, .requestBody, .successResponseBody, .errorResponseBody])
        XCTAssertEqual(
            [
                Options.requestMethod, .requestBody, .requestHeaders, .formatRequestAscURL, .successResponseBody,
                .errorResponseBody,
            ].map(\.rawValue), [1, 2, 4, 8, 16, 32])
        XCTAssertEqual(NetworkLoggerPlugin().configuration.logOptions, .default)
    }

    func test_didReceive_success_logsURLStatusAndBody() {
        // Given
        let log = LogRecorder()

        // When
        log.logger(.verbose).didReceive(.success(zenResponse(200, "cool body")), target: GitHub.zen)

        // Then
        XCTAssertEqual(log.outputCalls.count, 1)
        XCTAssertTrue(log.text.contains("Response: 200 { URL: https://api.github.com/zen }"))
        XCTAssertTrue(log.text.contains("{ status code: 200, headers"))
        XCTAssertTrue(log.text.contains("Response Body: cool body"))
    }

    func test_didReceive_responseHeaders_areLowercasedAndSecretsHidden() {
        // Given
        let response = Response(
            statusCode: 200, data: Data(),
            response: HTTPURLResponse(
                url: zenURL, statusCode: 200, httpVersion: nil,
                headerFields: ["Content-Length": "0", "Set-Cookie": "session=abc123"]))
        let log = LogRecorder()

        // When
        log.logger(.default).didReceive(.success(response), target: GitHub.zen)

        // Then
        XCTAssertTrue(log.text.contains("\"content-length\": \"0\""), log.text)
        XCTAssertTrue(log.text.contains("\"set-cookie\": \"<redacted>\""), log.text)
        XCTAssertFalse(log.text.contains("abc123"))
    }

    func test_didReceive_validationFailure_logsResponseAndErrorBody() {
        // Given
        let response = zenResponse(500, "Internal error")
        let log = LogRecorder()

        // When
        log.logger(.verbose).didReceive(
            .failure(.underlying(CourierError.statusCode(response), response)), target: GitHub.zen)

        // Then
        XCTAssertTrue(log.text.contains("Response: 500"))
        XCTAssertTrue(log.text.contains("{ URL: https://api.github.com/zen }"))
        XCTAssertTrue(log.text.contains("Response Body: Internal error"))
    }

    func test_didReceive_failureWithResponse_errorBodyOptionOnly_logsBody() {
        // Given
        let log = LogRecorder()

        // When
        log.logger([.errorResponseBody]).didReceive(
            .failure(.statusCode(zenResponse(500, "Internal error"))), target: GitHub.zen)
        log.logger([.errorResponseBody]).didReceive(.success(zenResponse(200, "fine body")), target: GitHub.zen)

        // Then
        XCTAssertTrue(log.text.contains("Response Body: Internal error"))
        XCTAssertFalse(log.text.contains("fine body"))
    }

    func test_didReceive_errorWithoutResponse_logsErrorCallingTarget() {
        // Given
        let log = LogRecorder()

        // When
        log.logger(.verbose).didReceive(.failure(.underlying(URLError(.timedOut), nil)), target: GitHub.zen)

        // Then
        XCTAssertEqual(log.lines.count, 1)
        XCTAssertTrue(log.text.contains("Error: Error calling zen : The request timed out."), log.text)
    }

    func test_didReceive_targetWithAssociatedValue_isNamedWithoutIt() {
        // Given
        let log = LogRecorder()

        // When
        log.logger(.verbose).didReceive(.failure(.cancelled), target: GitHub.userProfile("s3cr3t-user"))
        log.logger(.verbose).didReceive(
            .success(Response(statusCode: 200, data: Data())), target: MultiTarget(GitHub.userProfile("s3cr3t-user")))

        // Then
        XCTAssertTrue(log.text.contains("Error calling userProfile : The request was cancelled."), log.text)
        XCTAssertTrue(log.text.contains("Received empty network response for userProfile."), log.text)
        XCTAssertFalse(log.text.contains("s3cr3t-user"))
    }

    func test_willSend_cURLOption_logsOnlyTheCommand() throws {
        // Given
        let log = LogRecorder()

        // When
        log.logger([.formatRequestAscURL]).willSend(bodyRequest(), target: GitHub.zen)

        // Then
        XCTAssertEqual(log.lines.count, 1)
        let line = try XCTUnwrap(log.lines.first)
        XCTAssertTrue(line.contains("Request: curl -X GET"), line)
        XCTAssertTrue(line.contains("-H 'Content-Type: application/json'"), line)
        XCTAssertTrue(line.contains("--data-binary 'cool body'"), line)
        XCTAssertTrue(line.hasSuffix("'https://api.github.com/zen'"), line)
    }

    func test_requestDataFormatter_replacesRequestBody() {
        // Given
        let log = LogRecorder()
        var plugin = log.logger(.verbose)
        plugin.configuration.formatter.requestData = { _ in "formatted request body" }

        // When
        plugin.willSend(bodyRequest(), target: GitHub.zen)

        // Then
        XCTAssertTrue(log.text.contains("Request: https://api.github.com/zen"))
        XCTAssertTrue(log.text.contains("Body: formatted request body"))
    }

    func test_entryFormatter_replacesWholeLine() {
        // Given
        let log = LogRecorder()
        var plugin = log.logger(.default)
        plugin.configuration.formatter.entry = { _, _, _ in "formatted log entry" }

        // When
        plugin.willSend(bodyRequest(), target: GitHub.zen)

        // Then
        XCTAssertEqual(log.lines, ["formatted log entry", "formatted log entry", "formatted log entry"])
    }

    func test_entryFormatterGivenToInit_replacesWholeLine() {
        // Given
        let log = LogRecorder()
        var plugin = log.logger(.default)
        plugin.configuration.formatter = .init(entry: { identifier, _, _ in "custom \(identifier)" })

        // When
        plugin.willSend(bodyRequest(), target: GitHub.zen)

        // Then
        XCTAssertEqual(log.lines, ["custom Request", "custom Request Headers", "custom HTTP Request Method"])
    }

    func test_defaultFormatter_everyLineOfACall_hasTheDefaultShape() {
        // Given
        let log = LogRecorder()

        // When
        log.logger(.default).willSend(bodyRequest(), target: GitHub.zen)

        // Then
        let pattern = #"^Courier: \[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\] [A-Za-z ]+: .+$"#
        XCTAssertEqual(log.lines.count, 3)
        for line in log.lines {
            XCTAssertNotNil(line.range(of: pattern, options: .regularExpression), line)
        }
    }

    func test_responseDataFormatter_replacesResponseBody() {
        // Given
        let log = LogRecorder()
        var plugin = log.logger(.verbose)
        plugin.configuration.formatter.responseData = { _ in "formatted response body" }

        // When
        plugin.didReceive(.success(zenResponse(200, "cool body")), target: GitHub.zen)

        // Then
        XCTAssertTrue(log.text.contains("{ URL: https://api.github.com/zen }"))
        XCTAssertTrue(log.text.contains("Response Body: formatted response body"))
    }

    func test_defaultEntryFormatter_outsideRequest_hasTimestampAndNoRequestId() {
        // When
        let line = NetworkLoggerPlugin.Configuration.Formatter.defaultEntryFormatter(
            identifier: "Request", message: "https://x", target: GitHub.zen)

        // Then
        let pattern = #"^Courier: \[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\] Request: https://x$"#
        XCTAssertNotNil(line.range(of: pattern, options: .regularExpression), line)
    }
}
