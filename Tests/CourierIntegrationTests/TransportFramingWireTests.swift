import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a request is framed on the wire when it is handed straight to a transport (the public
/// `HTTPTransport.send`, no provider and no `RequestValidation` in front), over the default
/// transport: the transport owns the framing (issue 21, items 4, 11 and 13).
final class TransportFramingWireTests: XCTestCase {
    private var transport: any HTTPTransport { DefaultTransport.shared }

    // MARK: - Item 4: framing headers at the transport

    func test_send_contentLengthShorterThanTheBody_isRefused_andNothingIsSmuggled() async throws {
        // Given
        let server = try RecordingServer()
        var request = URLRequest(url: server.baseURL.appendingPathComponent("post"))
        request.httpMethod = "POST"
        request.httpBody = Data("abcGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        request.setValue("3", forHTTPHeaderField: "Content-Length")

        // When
        let error = await refusal(of: TransportRequest(urlRequest: request))
        let recording = server.stop()

        // Then
        XCTAssertEqual(error, .contentLength(value: "3", bodyLength: Int64(request.httpBody?.count ?? 0)))
        XCTAssertEqual(recording.requests, [])
        XCTAssertFalse(recording.text.contains("/smuggled"))
    }

    func test_send_transferEncodingOrForeignHost_isRefused() async throws {
        // Given
        let server = try RecordingServer()
        let headers = [("Transfer-Encoding", "chunked"), ("Host", "elsewhere.example")]
        for (name, value) in headers {
            var request = URLRequest(url: server.baseURL.appendingPathComponent("x"))
            request.httpMethod = "POST"
            request.httpBody = Data("5\r\nhello\r\n0\r\n\r\n".utf8)
            request.setValue(value, forHTTPHeaderField: name)

            // When
            let error = await refusal(of: TransportRequest(urlRequest: request))

            // Then
            XCTAssertNotNil(error, name)
        }
        XCTAssertEqual(server.stop().requests, [])
    }

    func test_send_matchingContentLengthAndHost_areSentAsGiven() async throws {
        // Given
        let server = try RecordingServer()
        var request = URLRequest(url: server.baseURL.appendingPathComponent("x"))
        request.httpMethod = "PUT"
        request.httpBody = Data("12345".utf8)
        request.setValue("5", forHTTPHeaderField: "Content-Length")
        request.setValue("127.0.0.1:\(server.port)", forHTTPHeaderField: "Host")

        // When
        let answer = try await transport.send(TransportRequest(urlRequest: request))
        let recording = server.stop()

        // Then
        XCTAssertEqual(answer.response.statusCode, 200)
        XCTAssertEqual(recording.requests.count, 1)
        XCTAssertEqual(recording.requests.first?.values(forHeader: "Content-Length"), ["5"])
        XCTAssertEqual(recording.requests.first?.body, Data("12345".utf8))
    }

    // MARK: - Item 11: a method with a meaning for content, sent without one

    func test_postPutPatchWithoutBody_sendContentLengthZero_getSendsNone() async throws {
        // Given
        let server = try RecordingServer()
        let provider = Provider<HTTPBinTarget>()
        let methods: [HTTPMethod] = [.post, .put, .patch, .get, .delete]

        // When
        for method in methods {
            _ = try await provider.request(HTTPBinTarget(server.baseURL, "/empty", method: method))
        }
        let requests = server.stop().requests

        // Then
        XCTAssertEqual(requests.map(\.method), methods.map(\.rawValue))
        for request in requests {
            let lengths = request.values(forHeader: "Content-Length")
            switch request.method {
            case "POST", "PUT", "PATCH": XCTAssertEqual(lengths, ["0"], request.method)
            case "GET": XCTAssertEqual(lengths, [], request.method)
            default:
                let expected = TransportDifference.contentLengthOfABodilessRequest.expected(curl: [], urlSession: ["0"])
                XCTAssertEqual(lengths, expected, request.method)
            }
            XCTAssertEqual(request.values(forHeader: "Transfer-Encoding"), [], request.method)
            XCTAssertEqual(request.body, Data(), request.method)
        }
    }

    // MARK: - What each transport adds to a request

    func test_contentLengthOfABodilessRequest_isNoneOverCurl_andZeroOverURLSession() async throws {
        // Given
        let server = try RecordingServer()
        let provider = Provider<HTTPBinTarget>()

        // When
        for method in [HTTPMethod.delete, .options] {
            _ = try await provider.request(HTTPBinTarget(server.baseURL, "/empty", method: method))
        }

        // Then: RFC 9110 §8.6 asks for none where the method does not anticipate a body
        let expected = TransportDifference.contentLengthOfABodilessRequest.expected(curl: [], urlSession: ["0"])
        for request in server.stop().requests {
            XCTAssertEqual(request.values(forHeader: "Content-Length"), expected, request.method)
        }
    }

    func test_connectionKeepAlive_isAddedByURLSessionOnly() async throws {
        // Given
        let server = try RecordingServer()

        // When
        _ = try await Provider<HTTPBinTarget>().request(HTTPBinTarget(server.baseURL, "/plain"))

        // Then
        let connection = server.stop().requests.first?.values(forHeader: "Connection")
        XCTAssertEqual(
            connection, TransportDifference.connectionKeepAlive.expected(curl: [], urlSession: ["keep-alive"]))
    }

    #if os(Linux)
        func test_acceptEncoding_offersWhatTheTransportDecodes() async throws {
            // Given
            let server = try RecordingServer()

            // When
            _ = try await Provider<HTTPBinTarget>().request(HTTPBinTarget(server.baseURL, "/plain"))

            // Then: gzip and deflate over both; brotli and zstd over libcurl's transport when its
            // libcurl decodes them
            let offered = try XCTUnwrap(server.stop().requests.first?.value(forHeader: "Accept-Encoding"))
            let common = "gzip;q=1.0, deflate;q=0.9"
            let expected = TransportDifference.acceptEncoding.expected(
                curl: offered.hasPrefix(common), urlSession: offered == common)
            XCTAssertTrue(expected, offered)
        }
    #endif

    // MARK: - Item 13: a body file that is not a regular file

    func test_send_bodyFromAFifoOrADevice_isRefusedBeforeSending() async throws {
        // Given: a FIFO nobody writes to (opening it for reading would wait forever) and /dev/zero
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("courier-fifo-\(UUID())")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let server = try RecordingServer()

        for file in [fifo, URL(fileURLWithPath: "/dev/zero")] {
            var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"))
            request.httpMethod = "POST"
            request.timeoutInterval = 5

            // When
            do {
                let answer = try await transport.send(TransportRequest(urlRequest: request, body: .file(file)))
                XCTFail("\(file.path) was sent: \(answer.response.statusCode)")
            } catch {
                // Then
                XCTAssertEqual(error as? TransferError, .fileNotRegular(file), "\(error)")
            }
        }
        XCTAssertEqual(server.stop().requests, [])
    }

    func test_uploadThroughASymbolicLink_sendsTheWholeFile() async throws {
        // Given: FileManager's attributes on Linux describe a link itself, whose size is its path's length
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-link-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("body.bin")
        let link = folder.appendingPathComponent("link.bin")
        let body = Data((0..<100_000).map { UInt8($0 % 251) })
        try body.write(to: file)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let server = try RecordingServer()

        // When
        _ = try await Provider<HTTPBinTarget>().request(
            HTTPBinTarget(server.baseURL, "/upload", method: .post, task: .uploadFile(link)))
        let requests = server.stop().requests

        // Then
        XCTAssertEqual(requests.count, 1)
        XCTAssertEqual(requests.first?.values(forHeader: "Content-Length"), ["100000"])
        XCTAssertEqual(requests.first?.body, body)
    }

    // MARK: - Helpers

    /// The ``InvalidRequestError`` `request` is refused with, or `nil` (with a failure) when it is sent.
    private func refusal(of request: TransportRequest, file: StaticString = #filePath, line: UInt = #line) async
        -> InvalidRequestError?
    {
        do {
            let answer = try await transport.send(request)
            XCTFail("sent, answered \(answer.response.statusCode)", file: file, line: line)
            return nil
        } catch {
            guard let refusal = error as? InvalidRequestError else {
                XCTFail("got \(error)", file: file, line: line)
                return nil
            }
            return refusal
        }
    }
}
