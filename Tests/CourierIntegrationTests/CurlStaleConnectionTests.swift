#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// An answer a server writes on an idle kept-alive connection, before any request, is not the
    /// next request's answer: a connection with unread bytes is never reused (issue 21, item 14).
    /// libcurl 7.88 reuses such a connection (it takes readable for alive), as do 7.68–7.87 over
    /// TLS; Courier checks before each request on a reused HTTP/1 connection where libcurl lets it
    /// (7.80 and later). URLSession on Linux runs on the same libcurl without that check; see the
    /// Transports and Streams article.
    final class CurlStaleConnectionTests: XCTestCase {
        func test_answerWrittenBeforeTheRequest_isNeverTheNextAnswer() async throws {
            // Given: an answer, then an unasked one on the same idle connection
            let base = try MisbehavingServer.baseURL()
            let transport = try CurlTransport()
            let first = try await transport.send(
                TransportRequest(urlRequest: URLRequest(url: base.appendingPathComponent("early-answer"))))
            XCTAssertEqual(first.data, Data("first".utf8))
            try await Task.sleep(for: .milliseconds(300))

            // When
            let next = try await transport.send(
                TransportRequest(urlRequest: URLRequest(url: base.appendingPathComponent("ok"))))

            // Then
            XCTAssertEqual(String(decoding: next.data, as: UTF8.self), #"{"ok": true}"#)
        }

        func test_connectionWithoutUnreadBytes_isStillReused() async throws {
            // Given: a server that keeps its connections alive
            let server = try RecordingServer()
            defer { server.stop() }
            let transport = try CurlTransport()
            let request = TransportRequest(urlRequest: URLRequest(url: server.baseURL.appendingPathComponent("x")))

            // When
            for _ in 0..<6 { _ = try await transport.send(request) }

            // Then: one connection carried all six
            let recording = server.stop()
            XCTAssertEqual(recording.requests.count, 6)
            XCTAssertEqual(recording.connections.count, 1)
        }
    }
#endif
