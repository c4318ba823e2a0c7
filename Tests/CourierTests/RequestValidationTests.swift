import CourierTestSupport
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rules of `RequestValidation`, byte by byte, without a server.
final class RequestValidationTests: XCTestCase {
    private let tokenBytes = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    private func problem(
        _ headers: [String: String] = [:], method: String = "GET", url: String = "http://127.0.0.1:8080/x",
        body: Data? = nil, stream: Bool = false, file: URL? = nil, session: [String: String] = [:]
    ) -> InvalidRequestError? {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.allHTTPHeaderFields = headers
        request.httpBody = body
        if stream { request.httpBodyStream = InputStream(data: Data("abc".utf8)) }
        return RequestValidation.problem(
            in: request, body: file.map { .file($0) } ?? .inRequest, sessionHeaders: session)
    }

    // MARK: - Names and values

    func test_headerName_acceptsExactlyTheTokenBytes() {
        for byte in UInt8(0)...0x7F {
            // Given
            let name = "X" + String(UnicodeScalar(byte)) + "Y"
            // When
            let found = problem([name: "v"])
            // Then
            if tokenBytes.contains(byte) {
                XCTAssertNil(found, "\(byte)")
            } else {
                XCTAssertEqual(found, .headerName(name: "X", byte: byte, offset: 1), "\(byte)")
            }
        }
        XCTAssertEqual(problem(["Xé": "v"]), .headerName(name: "X", byte: 0xC3, offset: 1))
        XCTAssertEqual(problem(["": "v"]), .headerName(name: "", byte: nil, offset: 0))
    }

    func test_headerValue_refusesControlBytesButTab_andAcceptsEverythingElse() {
        for scalar in UInt32(0)...0xFF {
            // Given
            let value = "a" + String(UnicodeScalar(UInt8(scalar)))
            // When
            let found = problem(["X-Note": value])
            // Then
            if scalar < 0x20 && scalar != 0x09 || scalar == 0x7F {
                XCTAssertEqual(found, .headerValue(name: "X-Note", byte: UInt8(scalar), offset: 1), "\(scalar)")
            } else {
                XCTAssertNil(found, "\(scalar)")
            }
        }
        XCTAssertNil(problem(["X-Note": ""]))
        XCTAssertNil(problem(["X-Note": "José \u{2028} 日本"]))
    }

    func test_longValues_areCheckedAtEveryOffset() {
        // Given: values long enough to be read eight bytes at a time
        let refused = Array(UInt8(0x00)...0x1F).filter { $0 != 0x09 } + [0x7F]
        for byte in refused {
            for offset in 0..<24 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 24)
                bytes[offset] = byte
                let value = String(decoding: bytes, as: UTF8.self)
                // Then
                XCTAssertEqual(
                    problem(["X-Long": value]), .headerValue(name: "X-Long", byte: byte, offset: offset),
                    "\(byte) \(offset)")
            }
        }
        XCTAssertNil(problem(["X-Long": String(repeating: "a\t~ é", count: 20)]))
        XCTAssertEqual(
            problem(["X-Long": String(repeating: "abcdefgh", count: 3) + "\u{7F}"]),
            .headerValue(name: "X-Long", byte: 0x7F, offset: 24))
    }

    func test_method_mustBeAToken() {
        for accepted in ["GET", "PURGE", "M-SEARCH", "get"] {
            XCTAssertNil(problem(method: accepted), accepted)
        }
        XCTAssertEqual(problem(method: "GET /x HTTP/1.1"), .method(method: "GET", byte: 0x20, offset: 3))
        XCTAssertEqual(problem(method: "GE\nT"), .method(method: "GE", byte: 0x0A, offset: 2))
    }

    // MARK: - Framing

    func test_contentLength_mustBeTheBodysLength() {
        let body = Data("hello".utf8)
        for accepted in ["5", " 5 ", "005"] {
            XCTAssertNil(problem(["Content-Length": accepted], body: body), accepted)
        }
        XCTAssertNil(problem(["Content-Length": "0"]))
        for refused in ["4", "6", "", "5, 5", "-5", "+5", "5.0", "0x5", "99999999999999999999"] {
            XCTAssertEqual(
                problem(["content-LENGTH": refused], body: body), .contentLength(value: refused, bodyLength: 5), refused
            )
        }
        XCTAssertEqual(problem(["Content-Length": "3"]), .contentLength(value: "3", bodyLength: 0))
    }

    func test_contentLength_ofAStream_mayBeAnyNumber_andOfAFile_mustBeItsSize() throws {
        // Given
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try Data("twelve bytes".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // Then
        XCTAssertNil(problem(["Content-Length": "100"], stream: true))
        XCTAssertEqual(problem(["Content-Length": "x"], stream: true), .contentLength(value: "x", bodyLength: nil))
        XCTAssertNil(problem(["Content-Length": "12"], file: file))
        XCTAssertEqual(problem(["Content-Length": "0"], file: file), .contentLength(value: "0", bodyLength: 12))
    }

    func test_transferEncoding_isAlwaysRefused_andTEIsNot() {
        for value in ["chunked", "gzip, chunked", "", "identity"] {
            XCTAssertEqual(problem(["Transfer-Encoding": value], body: Data("x".utf8)), .transferEncoding, value)
        }
        XCTAssertNil(problem(["TE": "trailers"]))
    }

    func test_host_mustNameTheURLsAuthority() {
        let accepted: [(url: String, host: String)] = [
            ("http://127.0.0.1:8080/x", "127.0.0.1:8080"),
            ("http://Example.COM/x", "example.com"),
            ("http://example.com/x", "EXAMPLE.com:80"),
            ("https://example.com/x", "example.com:443"),
            ("https://example.com:443/x", "example.com"),
            ("http://[::1]:8080/x", "[::1]:8080"),
        ]
        for (url, host) in accepted {
            XCTAssertNil(problem(["Host": host], url: url), "\(url) \(host)")
        }
        let refused: [(url: String, host: String, authority: String)] = [
            ("http://127.0.0.1:8080/x", "127.0.0.1", "127.0.0.1:8080"),
            ("https://example.com/x", "example.com:80", "example.com"),
            ("http://example.com/x", "evil.example", "example.com"),
            ("http://example.com/x", "example.com:", "example.com"),
            ("http://example.com/x", "example.com:eighty", "example.com"),
            ("http://example.com/x", "example.com.", "example.com"),
            ("http://[::1]:8080/x", "::1:8080", "[::1]:8080"),
            ("http://example.com/x", "", "example.com"),
        ]
        for (url, host, authority) in refused {
            XCTAssertEqual(
                problem(["Host": host], url: url), .host(value: host, authority: authority), "\(url) \(host)")
        }
    }

    // MARK: - Session headers

    func test_sessionHeaders_areChecked_unlessTheRequestReplacesThem() {
        XCTAssertEqual(
            problem(session: ["X-Default": "a\nb"]), .headerValue(name: "X-Default", byte: 0x0A, offset: 1))
        XCTAssertNil(problem(["x-default": "fine"], session: ["X-Default": "a\nb"]))
        XCTAssertEqual(problem(session: ["Transfer-Encoding": "chunked"]), .transferEncoding)
        XCTAssertEqual(
            problem(body: Data("hello".utf8), session: ["Content-Length": "0"]),
            .contentLength(value: "0", bodyLength: 5))
    }

    // MARK: - Errors

    func test_description_namesTheHeaderAndByte_butNeverTheValue() {
        // Given
        let error = CourierError.underlying(
            problem(["X-Api-Key": "SECRET-KEY\r\nX-Injected: yes"]) ?? .transferEncoding, nil)

        // When
        let texts = [error.description, error.localizedDescription, "\(error as NSError)"]

        // Then
        for text in texts {
            XCTAssertTrue(
                text.contains(#"The value of header "X-Api-Key" has a carriage return (0x0D) at byte 10"#), text)
            XCTAssertFalse(text.contains("SECRET"), text)
            XCTAssertFalse(text.contains("Injected"), text)
        }
        XCTAssertEqual(
            InvalidRequestError.headerName(name: "X-Name", byte: 0x0D, offset: 6).description,
            #"The header name starting "X-Name" has a carriage return (0x0D) at byte 6; "#
                + "header names are RFC 9110 tokens (letters, digits and !#$%&'*+-.^_`|~).")
    }

    func test_stubbedRequest_isRefusedLikeASentOne() async {
        // Given
        let provider = HeaderSource.target.provider(name: "X-Note", value: "a\r\nb", stubbed: true)

        // When
        let result = await provider.result(
            HeaderSource.target.target(URL(string: "https://api.example")!, name: "X-Note", value: "a\r\nb"))

        // Then
        guard case .failure(.underlying(let error as InvalidRequestError, nil)) = result else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(error, .headerValue(name: "X-Note", byte: 0x0D, offset: 1))
    }
}
