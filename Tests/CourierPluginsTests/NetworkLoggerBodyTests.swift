import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How the logger shows bodies: JSON pretty-printed, long bodies cut with their size stated,
/// binary bodies summarised, secrets inside bodies hidden.
final class NetworkLoggerBodyTests: XCTestCase {
    /// The `Response Body:` text the logger writes for `data`.
    private func loggedBody(
        _ data: Data, contentType: String? = nil, maximumBodySize: Int = 4096, prettyPrintsJSON: Bool = true,
        redaction: Redaction = .default
    ) throws -> String {
        let log = LogRecorder()
        let url = URL(string: "https://api.example.com/items")!
        let headers = contentType.map { ["Content-Type": $0] }
        let response = Response(
            statusCode: 200, data: data,
            response: HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: headers))
        log.logger(.verbose, redaction: redaction, maximumBodySize: maximumBodySize, prettyPrintsJSON: prettyPrintsJSON)
            .didReceive(.success(response), target: SampleTarget())
        let line = try XCTUnwrap(log.lines.first { $0.contains("] Response Body: ") })
        let range = try XCTUnwrap(line.range(of: "] Response Body: "))
        return String(line[range.upperBound...])
    }

    func test_jsonBody_isPrettyPrintedWithSortedKeys() throws {
        // When
        let body = try loggedBody(Data(#"{"b":1,"a":{"c":[true,"x/y"]}}"#.utf8))

        // Then
        XCTAssertEqual(body, "{\n  \"a\" : {\n    \"c\" : [\n      true,\n      \"x/y\"\n    ]\n  },\n  \"b\" : 1\n}")
    }

    func test_jsonBody_prettyPrintingOff_nothingSecret_isShownAsSent() throws {
        // When
        let body = try loggedBody(Data(#"{ "b": 1, "a": 2 }"#.utf8), prettyPrintsJSON: false)

        // Then
        XCTAssertEqual(body, #"{ "b": 1, "a": 2 }"#)
    }

    func test_jsonBody_prettyPrintingOff_withSecret_isShownAsSentWithOnlyTheSecretHidden() throws {
        // When
        let body = try loggedBody(Data(#"{ "b": 1, "token": "t0k3n" }"#.utf8), prettyPrintsJSON: false)

        // Then
        XCTAssertEqual(body, #"{ "b": 1, "token": "<redacted>" }"#)
    }

    func test_jsonBody_secretKeysAndURLQueries_areRedacted() throws {
        // Given
        let json = #"""
            {"access_token":"t0k3n","Authorization":"Bearer t0k3n","nested":[{"password":"pw"}],
             "url":"https://x.test/a?token=t0k3n&page=2","name":"kept"}
            """#

        // When
        let body = try loggedBody(Data(json.utf8), prettyPrintsJSON: false)

        // Then
        XCTAssertFalse(body.contains("t0k3n"), body)
        XCTAssertFalse(body.contains("\"pw\""), body)
        XCTAssertTrue(body.contains(#""access_token":"<redacted>""#), body)
        XCTAssertTrue(body.contains(#""password":"<redacted>""#), body)
        XCTAssertTrue(body.contains("page=2"), body)
        XCTAssertTrue(body.contains(#""name":"kept""#), body)
    }

    func test_formBody_secretValuesAreRedacted() throws {
        // When
        let body = try loggedBody(Data("user=ann&password=hunter2&remember=1".utf8))

        // Then
        XCTAssertEqual(body, "user=ann&password=%3Credacted%3E&remember=1")
    }

    func test_longTextBody_isCutWithTotalSizeStated() throws {
        // When
        let body = try loggedBody(Data(String(repeating: "a", count: 100).utf8), maximumBodySize: 10)

        // Then
        XCTAssertEqual(body, "aaaaaaaaaa… (truncated; 100 bytes in total)")
    }

    func test_longTextBody_isCutAtACharacterBoundary() throws {
        // When: "é" is two bytes; a cut after 3 bytes falls inside the second one
        let body = try loggedBody(Data("éééé".utf8), maximumBodySize: 3)

        // Then
        XCTAssertEqual(body, "é… (truncated; 8 bytes in total)")
    }

    func test_longJSONBody_isCutAfterPrettyPrinting() throws {
        // Given
        let json = "[" + (0..<100).map(String.init).joined(separator: ",") + "]"

        // When
        let body = try loggedBody(Data(json.utf8), maximumBodySize: 12)

        // Then
        XCTAssertEqual(body, "[\n  0,\n  1,\n… (truncated; \(json.utf8.count) bytes in total)")
    }

    func test_pngBody_isSummarised() throws {
        // Given
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(Data(count: 4088))

        // When
        let body = try loggedBody(png)

        // Then
        XCTAssertEqual(body, "<4096 bytes, image/png>")
    }

    func test_binaryBody_withDeclaredType_isSummarisedWithThatType() throws {
        // When
        let body = try loggedBody(Data([0x00, 0xFF, 0x10, 0x80]), contentType: "application/x-thing; v=1")

        // Then
        XCTAssertEqual(body, "<4 bytes, application/x-thing>")
    }

    func test_unknownBinaryBody_isSummarisedAsOctetStream() throws {
        // When
        let body = try loggedBody(Data([0xC3, 0x28, 0x00, 0x01]))

        // Then
        XCTAssertEqual(body, "<4 bytes, application/octet-stream>")
    }

    func test_emptyBody_isShownAsEmpty() throws {
        XCTAssertEqual(try loggedBody(Data()), "<empty>")
    }

    func test_jsonBodyOverParseLimit_isShownAsSent_cut_withItsSecretsHidden() throws {
        // Given
        let json = #"{"access_token": "t0k3n", "a": ""# + String(repeating: "a", count: 1 << 20) + "\"}"

        // When
        let body = try loggedBody(Data(json.utf8), contentType: "application/json")

        // Then
        XCTAssertTrue(body.hasPrefix(#"{"access_token": "<redacted>", "a": "aaaa"#), body)
        XCTAssertTrue(body.hasSuffix("… (truncated; \(json.utf8.count) bytes in total)"), body)
    }

    func test_requestBody_isRenderedTheSameWay() throws {
        // Given
        var request = URLRequest(url: URL(string: "https://api.example.com/login")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"user":"ann","password":"hunter2"}"#.utf8)
        let log = LogRecorder()

        // When
        log.logger(.verbose, prettyPrintsJSON: false).willSend(
            OutgoingRequest(request: request), target: SampleTarget())

        // Then
        XCTAssertTrue(log.text.contains(#"Request Body: {"user":"ann","password":"<redacted>"}"#), log.text)
        XCTAssertTrue(log.text.contains("HTTP Request Method: POST"))
    }
}
