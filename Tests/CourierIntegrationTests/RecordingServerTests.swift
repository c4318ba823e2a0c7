import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The raw-socket server that the header-injection tests rely on: it must record bytes exactly and
/// see a smuggled request as a second request.
final class RecordingServerTests: XCTestCase {
    func test_request_isRecordedByteForByteAndAnswered() async throws {
        // Given
        let server = try RecordingServer()
        defer { server.stop() }
        let provider = Provider<HTTPBinTarget>()

        // When
        let response = try await provider.request(
            HTTPBinTarget(
                server.baseURL, "/x", method: .post, task: .requestData(Data("hello".utf8)),
                headers: ["X-Note": "a\tb"]))
        let recording = server.stop()

        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.data, Data("ok".utf8))
        XCTAssertEqual(recording.requests.count, 1)
        let request = try XCTUnwrap(recording.requests.first)
        XCTAssertEqual(request.requestLine, "POST /x HTTP/1.1")
        XCTAssertEqual(request.value(forHeader: "x-note"), "a\tb")
        XCTAssertEqual(request.body, Data("hello".utf8))
        XCTAssertTrue(recording.text.contains("\r\nX-Note: a\tb\r\n"), recording.text)
    }

    func test_twoRequestsInOneWrite_areTwoRequestsOnOneConnection() throws {
        // Given
        let server = try RecordingServer()
        let bytes = Data(
            "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /smuggled HTTP/1.1\nHost: x\n\n".utf8)

        // When
        try server.sendRaw(bytes)
        let recording = server.stop()

        // Then
        XCTAssertEqual(recording.bytes, bytes)
        XCTAssertEqual(recording.mostRequestsOnOneConnection, 2)
        XCTAssertEqual(recording.requests.map(\.requestLine), ["POST /a HTTP/1.1", "GET /smuggled HTTP/1.1"])
        XCTAssertEqual(recording.requests.first?.body, Data("abc".utf8))
        XCTAssertEqual(recording.connections.first?.unparsedBytes, Data())
    }

    func test_chunkedBody_isDechunked_andAPartialRequestIsLeftUnparsed() throws {
        // Given
        let server = try RecordingServer()
        let chunked = "PUT /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"

        // When
        try server.sendRaw(Data((chunked + "GET /partial HTTP/1.1\r\nHost").utf8))
        let recording = server.stop()

        // Then
        XCTAssertEqual(recording.requests.map(\.body), [Data("abcde".utf8)])
        XCTAssertEqual(
            recording.connections.first.map { String(decoding: $0.unparsedBytes, as: UTF8.self) },
            "GET /partial HTTP/1.1\r\nHost")
    }

    func test_stop_isIdempotent_andEachServerHasItsOwnPort() throws {
        let first = try RecordingServer()
        let second = try RecordingServer()
        XCTAssertNotEqual(first.port, second.port)
        XCTAssertEqual(first.stop(), first.stop())
        XCTAssertEqual(second.stop().requests, [])
    }
}
