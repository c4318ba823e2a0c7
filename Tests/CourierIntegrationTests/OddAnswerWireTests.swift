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
    func test_lineStartingWithHTTPInsideAHead_isNotANewStatusLine() async throws {
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
        guard case .success(let response) = result else {
            if DefaultTransport.fallbackReason == nil { XCTFail("got \(result)") }
            return
        }
        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(response.response?.value(forHTTPHeaderField: "X-Before"), "kept")
        XCTAssertEqual(response.response?.value(forHTTPHeaderField: "X-After"), "kept")
        XCTAssertEqual(response.data, Data("no".utf8))
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

    func test_headCutShort_failsTheRequestOverCurl_andStopsTheProcessOverURLSessionOnLinux() throws {
        // Given: a child process that asks a server answering with a status line, then closing
        // When
        let outcome = try ChildTestProcess.run(Self.headCutShortChild)

        // Then: libcurl's transport fails the request as a bad server response; FoundationNetworking
        // up to 6.3 stops the process (swift-corelibs-foundation#5285, fixed for 6.4 by #5286)
        let crashed = !outcome.succeeded && outcome.output.contains("Transfer completed, but there's no response")
        XCTAssertEqual(
            crashed, TransportDifference.headCutShort.expected(curl: false, urlSession: true), outcome.output)
        if !crashed { XCTAssertTrue(outcome.succeeded, outcome.output) }
    }

    private static let headCutShortChild = "CourierIntegrationTests.OddAnswerWireTests/test_headCutShortInAChild"

    /// Run by the test above in a child process; does nothing in the test run itself.
    func test_headCutShortInAChild() async throws {
        guard ChildTestProcess.isChild(Self.headCutShortChild) else { return }
        // Given
        let server = try RecordingServer(response: Data("HTTP/1.1 200 OK\r\n".utf8), ending: .close)
        defer { server.stop() }

        // When
        let result = await Provider<HTTPBinTarget>().result(HTTPBinTarget(server.baseURL, "/cut", timeoutInterval: 5))

        // Then
        guard case .failure(.underlying(let error as URLError, _)) = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(error.code, .badServerResponse, "\(error)")
    }
}
