import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Header injection and request smuggling (issue 13 §2), checked on the bytes a raw server
/// received: a header name or value that would split a header line, a method that would replace
/// the request line, and framing headers that contradict the body are refused before anything is
/// sent, from every source of headers, with an error that names the header.
final class HeaderInjectionWireTests: XCTestCase {
    // MARK: - The reproductions of the issue

    func test_valueWithCRLF_isRefused_andNoInjectedHeaderReachesTheServer() async throws {
        for value in ["a\r\nX-Injected: yes", "a\nX-Injected: yes", "a\rX-Injected: yes"] {
            // Given
            let server = try RecordingServer()

            // When
            let result = await HeaderSource.target.provider(name: "X-Note", value: value)
                .result(HeaderSource.target.target(server.baseURL, name: "X-Note", value: value))
            let recording = server.stop()

            // Then
            let error = try refusal(result)
            guard case .headerValue("X-Note", let byte, offset: 1) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(byte == 0x0D || byte == 0x0A)
            XCTAssertEqual(recording.requests, [], value.debugDescription)
            XCTAssertFalse(recording.text.contains("X-Injected"))
        }
    }

    func test_valueThatSmugglesASecondRequest_isRefused_andTheServerParsesNone() async throws {
        // Given
        let server = try RecordingServer()
        let value = "x\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: "

        // When
        let result = await Provider<HTTPBinTarget>()
            .result(HTTPBinTarget(server.baseURL, "/x", headers: ["X-Note": value]))
        let recording = server.stop()

        // Then
        XCTAssertEqual(try refusal(result), .headerValue(name: "X-Note", byte: 0x0D, offset: 1))
        XCTAssertEqual(recording.mostRequestsOnOneConnection, 0)
        XCTAssertFalse(recording.text.contains("/smuggled"))
    }

    func test_namesThatForgeHeaders_areRefused() async throws {
        let cases: [(name: String, expected: InvalidRequestError)] = [
            ("X-Name\r\nX-Injected", .headerName(name: "X-Name", byte: 0x0D, offset: 6)),
            ("X-Injected: forged", .headerName(name: "X-Injected", byte: UInt8(ascii: ":"), offset: 10)),
        ]
        for (name, expected) in cases {
            // Given
            let server = try RecordingServer()

            // When
            let result = await Provider<HTTPBinTarget>()
                .result(HTTPBinTarget(server.baseURL, "/x", headers: [name: "v"]))
            let recording = server.stop()

            // Then
            XCTAssertEqual(try refusal(result), expected)
            XCTAssertEqual(recording.requests, [])
            XCTAssertFalse(recording.text.contains("X-Injected"))
        }
    }

    func test_contentLengthZeroWithABody_isRefused_soTheBodyIsNotASecondRequest() async throws {
        // Given
        let server = try RecordingServer()
        let body = Data("GET /smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

        // When
        let result = await Provider<HTTPBinTarget>().result(
            HTTPBinTarget(
                server.baseURL, "/x", method: .post, task: .requestData(body), headers: ["Content-Length": "0"]))
        let recording = server.stop()

        // Then
        XCTAssertEqual(try refusal(result), .contentLength(value: "0", bodyLength: Int64(body.count)))
        XCTAssertEqual(recording.mostRequestsOnOneConnection, 0)
        XCTAssertFalse(recording.text.contains("/smuggled"))
    }

    func test_methodThatReplacesTheRequestLine_isRefused() async throws {
        // Given
        let server = try RecordingServer()
        let method = HTTPMethod(rawValue: "GET /smuggled HTTP/1.1\r\nX-Injected: yes\r\nX-Pad:")

        // When
        let result = await Provider<HTTPBinTarget>().result(HTTPBinTarget(server.baseURL, "/x", method: method))
        let recording = server.stop()

        // Then
        XCTAssertEqual(try refusal(result), .method(method: "GET", byte: 0x20, offset: 3))
        XCTAssertEqual(recording.requests, [])
        XCTAssertFalse(recording.text.contains("/smuggled"))
    }

    func test_pathWithCRLF_isPercentEncoded_andInjectsNothing() async throws {
        // Given: Foundation's URL percent-encodes what would break the request line
        let server = try RecordingServer()

        // When
        let result = await Provider<HTTPBinTarget>()
            .result(HTTPBinTarget(server.baseURL, "/x HTTP/1.1\r\nX-Injected: yes\r\nX-Pad: "))
        let recording = server.stop()

        // Then
        if case .success = result { XCTAssertEqual(recording.requests.count, 1) }
        XCTAssertLessThanOrEqual(recording.mostRequestsOnOneConnection, 1)
        XCTAssertFalse(recording.requests.contains { !$0.values(forHeader: "X-Injected").isEmpty })
        XCTAssertFalse(recording.text.contains("\r\nX-Injected"))
    }

    // MARK: - The class: every control byte, in names and values, from every source

    func test_everyControlByte_inAValue_fromEverySource_isRefusedBeforeSending() async throws {
        // Given
        let server = try RecordingServer()
        let refusedBytes = Array(UInt8(0x00)...0x1F).filter { $0 != 0x09 } + [0x7F]

        for source in HeaderSource.allCases {
            for byte in refusedBytes {
                let value = "a" + String(UnicodeScalar(byte)) + "X-Injected: yes"
                // When
                let result = await source.provider(name: "X-Note", value: value)
                    .result(source.target(server.baseURL, name: "X-Note", value: value))

                // Then
                XCTAssertEqual(
                    try refusal(result), .headerValue(name: "X-Note", byte: byte, offset: 1), "\(source) \(byte)")
            }
        }
        let recording = server.stop()
        XCTAssertEqual(recording.requests, [])
        XCTAssertEqual(recording.bytes, Data())
    }

    func test_everyControlByteAndSeparator_inAName_fromEverySource_isRefusedBeforeSending() async throws {
        // Given
        let server = try RecordingServer()
        let separators = Array(#" "(),/:;<=>?@[\]{}"#.utf8)
        let refusedBytes = Array(UInt8(0x00)...0x1F) + [0x7F] + separators

        for source in HeaderSource.allCases {
            for byte in refusedBytes {
                let name = "X-Name" + String(UnicodeScalar(byte)) + "X-Injected"
                // When
                let result = await source.provider(name: name, value: "v")
                    .result(source.target(server.baseURL, name: name, value: "v"))

                // Then
                XCTAssertEqual(
                    try refusal(result), .headerName(name: "X-Name", byte: byte, offset: 6), "\(source) \(byte)")
            }
        }
        let recording = server.stop()
        XCTAssertEqual(recording.requests, [])
    }

    func test_setValueWithCRLF_inAPlugin_neverReachesTheWire() async throws {
        // Given: FoundationNetworking's setValue drops such a value; Apple's may keep it
        let server = try RecordingServer()
        let provider = Provider<HTTPBinTarget>(plugins: [SetValuePlugin(value: "a\r\nX-Injected: yes")])

        // When
        let result = await provider.result(HTTPBinTarget(server.baseURL, "/x"))
        let recording = server.stop()

        // Then: refused, or sent without the header, never injected
        if case .failure(let error) = result {
            XCTAssertEqual(try refusal(.failure(error)), .headerValue(name: "X-Note", byte: 0x0D, offset: 1))
        }
        XCTAssertLessThanOrEqual(recording.requests.count, 1)
        XCTAssertFalse(recording.text.contains("X-Injected"))
    }

    func test_tabAndUTF8InAValue_fromEverySource_areSentAsTheyAre() async throws {
        for source in HeaderSource.allCases {
            // Given
            let server = try RecordingServer()
            let value = "a\tJosé \u{010A}\u{010D}"

            // When
            let result = await source.provider(name: "X-Note", value: value)
                .result(source.target(server.baseURL, name: "X-Note", value: value))
            let recording = server.stop()

            // Then: sent once, as UTF-8; U+010A is not a line feed on the wire
            XCTAssertEqual(try result.get().statusCode, 200, "\(source)")
            XCTAssertEqual(recording.requests.count, 1, "\(source)")
            XCTAssertEqual(recording.requests.first?.value(forHeader: "X-Note"), value, "\(source)")
        }
    }

    func test_framingHeaders_fromEverySource_areRefusedWhenTheyContradictTheRequest() async throws {
        let body = Data("hello".utf8)
        for source in HeaderSource.allCases {
            // Given
            let server = try RecordingServer()
            let authority = "127.0.0.1:\(server.port)"
            let cases: [(name: String, value: String, expected: InvalidRequestError)] = [
                ("Content-Length", "0", .contentLength(value: "0", bodyLength: 5)),
                ("content-length", "50", .contentLength(value: "50", bodyLength: 5)),
                ("Content-Length", "5, 5", .contentLength(value: "5, 5", bodyLength: 5)),
                ("Content-Length", "+5", .contentLength(value: "+5", bodyLength: 5)),
                ("Transfer-Encoding", "chunked", .transferEncoding),
                ("transfer-encoding", "", .transferEncoding),
                ("Host", "evil.example", .host(value: "evil.example", authority: authority)),
                ("Host", "127.0.0.1", .host(value: "127.0.0.1", authority: authority)),
                ("HOST", "", .host(value: "", authority: authority)),
            ]
            for (name, value, expected) in cases {
                // When
                let result = await source.provider(name: name, value: value)
                    .result(
                        source.target(server.baseURL, name: name, value: value, method: .post, task: .requestData(body))
                    )

                // Then
                XCTAssertEqual(try refusal(result), expected, "\(source) \(name): \(value)")
            }
            let recording = server.stop()
            XCTAssertEqual(recording.requests, [], "\(source)")
        }
    }

    func test_framingHeadersThatAgreeWithTheRequest_areSentOnce() async throws {
        let body = Data("hello".utf8)
        for source in HeaderSource.allCases {
            // Given
            let server = try RecordingServer()
            // When
            let result = await source.provider(name: "Content-Length", value: "5")
                .result(
                    source.target(
                        server.baseURL, name: "Content-Length", value: "5", method: .post, task: .requestData(body)))
            let hostResult = await source.provider(name: "host", value: "127.0.0.1:\(server.port)")
                .result(source.target(server.baseURL, name: "host", value: "127.0.0.1:\(server.port)"))
            let recording = server.stop()

            // Then
            XCTAssertEqual(try result.get().statusCode, 200, "\(source)")
            XCTAssertEqual(try hostResult.get().statusCode, 200, "\(source)")
            XCTAssertEqual(recording.requests.count, 2, "\(source)")
            XCTAssertEqual(recording.requests.first?.values(forHeader: "Content-Length"), ["5"], "\(source)")
            XCTAssertEqual(recording.requests.first?.body, body, "\(source)")
            XCTAssertEqual(recording.requests.last?.values(forHeader: "Host"), ["127.0.0.1:\(server.port)"])
        }
    }

    func test_completionAPI_isRefusedTheSameWay() async throws {
        // Given
        let server = try RecordingServer()
        let provider = Provider<HTTPBinTarget>()

        // When
        let result = await withCheckedContinuation { continuation in
            provider.request(HTTPBinTarget(server.baseURL, "/x", headers: ["X-Note": "a\r\nX-Injected: yes"])) {
                continuation.resume(returning: $0)
            }
        }
        let recording = server.stop()

        // Then
        XCTAssertEqual(try refusal(result), .headerValue(name: "X-Note", byte: 0x0D, offset: 1))
        XCTAssertEqual(recording.requests, [])
    }

    // MARK: - Helpers

    /// The ``InvalidRequestError`` a result failed with.
    private func refusal(
        _ result: Result<Response, CourierError>, file: StaticString = #filePath, line: UInt = #line
    ) throws -> InvalidRequestError {
        guard case .failure(.underlying(let error as InvalidRequestError, nil)) = result else {
            XCTFail("expected a refusal, got \(result)", file: file, line: line)
            throw NotRefused()
        }
        return error
    }

    private struct NotRefused: Error {}

    /// Sets `X-Note` with `setValue(_:forHTTPHeaderField:)`.
    private struct SetValuePlugin: PluginType {
        let value: String

        func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
            var request = request
            request.setValue(value, forHTTPHeaderField: "X-Note")
            return request
        }
    }
}
