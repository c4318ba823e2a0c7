import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers that are not quite HTTP/1.1, from a raw server, over the default transport (so over
/// libcurl and URLSession in turn): what the caller gets must be what the server said, or a bad
/// server response (issue 21, items 10 and 12).
final class OddAnswerWireTests: XCTestCase {
    func test_lineStartingWithHTTPInAHead_isAFieldOverCurl_andABadServerResponseOverURLSession() async throws {
        // Given: a 404 with a field that looks like a status line (libcurl takes it as a field: it
        // has a colon; a line without one fails the transfer)
        let answer =
            "HTTP/1.1 404 Not Found\r\nX-Before: kept\r\nHTTP/1.1 200 OK: forged\r\nX-After: kept\r\n"
            + "Content-Length: 2\r\nConnection: close\r\n\r\nno"
        let server = try RecordingServer(response: Data(answer.utf8))
        defer { server.stop() }

        // When
        let result = await Provider<HTTPBinTarget>().result(HTTPBinTarget(server.baseURL, "/odd"))

        // Then: never a 200; FoundationNetworking (URLSession on Linux) refuses such a head instead
        let readsIt = TransportDifference.lineStartingWithHTTPInAHead.behavesAsCurl()
        switch result {
        case .success(let response):
            XCTAssertTrue(readsIt, "got \(response)")
            XCTAssertEqual(response.statusCode, 404)
            XCTAssertEqual(response.response?.value(forHTTPHeaderField: "X-Before"), "kept")
            XCTAssertEqual(response.response?.value(forHTTPHeaderField: "X-After"), "kept")
            XCTAssertEqual(response.data, Data("no".utf8))
        case .failure(let error):
            XCTAssertFalse(readsIt, "got \(error)")
            guard case .underlying(let urlError as URLError, _) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .badServerResponse, "\(urlError)")
        }
    }

    func test_earlyHintsBeforeTheFinalHead_answerWithTheFinalHeadAndItsBody() async throws {
        // Given: a `103 Early Hints` head, then the answer
        let answer =
            "HTTP/1.1 103 Early Hints\r\nLink: </app.css>; rel=preload\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nX-Final: yes\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
        let server = try RecordingServer(response: Data(answer.utf8))
        defer { server.stop() }

        // When
        let response = try await Provider<HTTPBinTarget>().request(HTTPBinTarget(server.baseURL, "/hints"))

        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.response?.value(forHTTPHeaderField: "X-Final"), "yes")
        XCTAssertEqual(response.data, Data("ok".utf8))
    }

    func test_headerWithANulByte_failsWithADescriptionThatSaysWhy() async throws {
        // Given: a field value holding a NUL byte, which libcurl refuses under both transports
        let answer = "HTTP/1.1 200 OK\r\nX-Odd: a\u{0}b\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
        let server = try RecordingServer(response: Data(answer.utf8))
        defer { server.stop() }

        // When
        let result = await Provider<HTTPBinTarget>().result(HTTPBinTarget(server.baseURL, "/nul", timeoutInterval: 5))

        // Then: the transport's own words reach the description, not only its error code (libcurl
        // refuses the head on Linux; Apple's URLSession may read it, or say nothing of its own)
        guard case .failure(let error) = result, let underlying = error.underlyingError as? URLError,
            let reason = underlying.userInfo[NSLocalizedDescriptionKey] as? String
        else {
            #if os(Linux)
                XCTFail("got \(result)")
            #endif
            return
        }
        XCTAssertTrue(error.localizedDescription.contains(reason), error.localizedDescription)
    }

    func test_http09Answer_failsAsABadServerResponse() async throws {
        // Given: a server that answers with a body and no head at all
        let server = try RecordingServer(response: Data("hello from 1991\n".utf8))
        defer { server.stop() }

        // When
        let result = await Provider<HTTPBinTarget>().result(HTTPBinTarget(server.baseURL, "/old", timeoutInterval: 5))

        // Then
        guard case .failure(.underlying(let error as URLError, _)) = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(error.code, .badServerResponse, "\(error)")
    }

    // MARK: - Answers that stop the process over URLSession on Linux

    /// Runs `child` (a test of this class) in a child process, and checks that it passed, or that
    /// the process stopped with `crashMessage` where `difference` says the transport stops it.
    private func assertChild(
        _ child: String, stopsWith crashMessage: String, where difference: TransportDifference,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let outcome = try ChildTestProcess.run("CourierIntegrationTests.OddAnswerWireTests/\(child)")
        let crashed = !outcome.succeeded && outcome.output.contains(crashMessage)
        XCTAssertEqual(
            crashed, difference.expected(curl: false, urlSession: true), outcome.output, file: file, line: line)
        if !crashed { XCTAssertTrue(outcome.succeeded, outcome.output, file: file, line: line) }
    }

    /// Whether this process is the child running `child`, a test of this class.
    private static func isChild(_ child: String) -> Bool {
        ChildTestProcess.isChild("CourierIntegrationTests.OddAnswerWireTests/\(child)")
    }

    /// Sends a request to a server answering `answer` and closing; expects `code`.
    private func assertFails(answering answer: String, with code: URLError.Code) async throws {
        // Given
        let server = try RecordingServer(response: Data(answer.utf8), ending: .close)
        defer { server.stop() }

        // When
        let result = await Provider<HTTPBinTarget>().result(HTTPBinTarget(server.baseURL, "/odd", timeoutInterval: 5))

        // Then
        guard case .failure(.underlying(let error as URLError, _)) = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(error.code, code, "\(error)")
    }

    func test_headCutShort_failsTheRequestOverCurl_andStopsTheProcessOverURLSessionOnLinux() throws {
        // libcurl's transport fails the request as a bad server response; FoundationNetworking up to
        // 6.3 stops the process (swift-corelibs-foundation#5285, fixed for 6.4 by #5286)
        try assertChild(
            "test_headCutShortInAChild", stopsWith: "Transfer completed, but there's no response",
            where: .headCutShort)
    }

    /// Run by the test above in a child process; does nothing in the test run itself.
    func test_headCutShortInAChild() async throws {
        guard Self.isChild("test_headCutShortInAChild") else { return }
        try await assertFails(answering: "HTTP/1.1 200 OK\r\n", with: .badServerResponse)
    }

    func test_contentLengthNearInt64Max_isALostConnectionOverCurl_andStopsTheProcessOverURLSession() throws {
        // FoundationNetworking converts the announced length to Int64 through a Double (see the
        // Linux notes); libcurl's transport reads it, and the body that never fills it is lost
        try assertChild(
            "test_contentLengthNearInt64MaxInAChild", stopsWith: "Illegal instruction",
            where: .contentLengthNearInt64Max)
    }

    /// Run by the test above in a child process; does nothing in the test run itself.
    func test_contentLengthNearInt64MaxInAChild() async throws {
        guard Self.isChild("test_contentLengthNearInt64MaxInAChild") else { return }
        try await assertFails(
            answering: "HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n\r\nabc",
            with: .networkConnectionLost)
    }
}
