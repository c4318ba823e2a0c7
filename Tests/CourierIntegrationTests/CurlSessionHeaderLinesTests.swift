#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// The session's headers over libcurl are checked and written once per transport, and requests
    /// with no header and no body of their own share one header list: what each of them sends, and
    /// a session header that cannot be sent, must not change.
    final class CurlSessionHeaderLinesTests: XCTestCase {
        private var base: URL!

        override func setUpWithError() throws {
            base = try HTTPBin.baseURL()
        }

        private func transport(_ headers: [String: String]) throws -> CurlTransport {
            var configuration = CurlTransport.Configuration.default
            configuration.additionalHeaders = headers
            configuration.maximumConnectionsPerHost = 8
            return try CurlTransport(configuration: configuration)
        }

        private static func echoedHeaders(_ response: TransportResponse) throws -> [String: String] {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: response.data) as? [String: Any])
            return try XCTUnwrap(object["headers"] as? [String: String])
        }

        func test_concurrentPlainGETs_eachSendEverySessionHeaderOnce() async throws {
            // Given
            let transport = try transport(["X-Session-One": "first", "X-Session-Two": "second", "X-Empty": ""])
            let request = URLRequest(url: base.appendingPathComponent("headers"))

            // When
            let echoes = try await withThrowingTaskGroup(of: [String: String].self) { group in
                for _ in 0..<24 {
                    group.addTask {
                        try Self.echoedHeaders(try await transport.send(TransportRequest(urlRequest: request)))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            // Then
            XCTAssertEqual(echoes.count, 24)
            for headers in echoes {
                XCTAssertEqual(headers["X-Session-One"], "first", "\(headers)")
                XCTAssertEqual(headers["X-Session-Two"], "second", "\(headers)")
                XCTAssertEqual(headers["X-Empty"], "", "\(headers)")
            }
        }

        func test_requestsWithHeadersOrBodies_stillGetTheSessionHeadersTheyLack() async throws {
            // Given
            let transport = try transport(["X-Session-One": "first", "X-Session-Two": "second"])
            var withHeader = URLRequest(url: base.appendingPathComponent("headers"))
            withHeader.setValue("mine", forHTTPHeaderField: "x-session-two")
            var withBody = URLRequest(url: base.appendingPathComponent("anything"))
            withBody.httpMethod = "POST"
            withBody.httpBody = Data("{}".utf8)

            // When
            let first = try Self.echoedHeaders(try await transport.send(TransportRequest(urlRequest: withHeader)))
            let second = try Self.echoedHeaders(try await transport.send(TransportRequest(urlRequest: withBody)))
            let third = try Self.echoedHeaders(
                try await transport.send(
                    TransportRequest(urlRequest: URLRequest(url: base.appendingPathComponent("headers")))))

            // Then
            XCTAssertEqual(first["X-Session-One"], "first")
            XCTAssertEqual(first["X-Session-Two"], "mine")
            XCTAssertEqual(second["X-Session-One"], "first")
            XCTAssertEqual(second["X-Session-Two"], "second")
            XCTAssertEqual(
                third["X-Session-Two"], "second", "a request after one of its own still shares the session's")
        }

        func test_aSessionHeaderThatCannotBeSent_failsEveryRequestThatWouldSendIt() async throws {
            // Given
            let transport = try transport(["X-Fine": "yes", "X-Broken": "a\r\nInjected: 1"])
            let plain = URLRequest(url: base.appendingPathComponent("headers"))
            var overriding = plain
            overriding.setValue("fixed", forHTTPHeaderField: "X-Broken")

            // When
            for _ in 0..<2 {
                do {
                    _ = try await transport.send(TransportRequest(urlRequest: plain))
                    XCTFail("a session header with CR LF was sent")
                } catch let error as UnsafeHeaderError {
                    // Then
                    XCTAssertEqual(error, UnsafeHeaderError(name: "X-Broken", part: .value))
                }
            }
            let headers = try Self.echoedHeaders(try await transport.send(TransportRequest(urlRequest: overriding)))
            XCTAssertEqual(headers["X-Broken"], "fixed", "the request's own value replaces the session's")
            XCTAssertEqual(headers["X-Fine"], "yes")
            XCTAssertNil(headers["Injected"])
        }
    }
#endif
