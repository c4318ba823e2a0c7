import Courier
import CourierTestSupport
import Foundation
import XCTest

/// The `multipart/form-data` body (RFC 7578) as it leaves the provider, byte for byte.
final class MultipartFormDataTests: TransferTestCase {
    func test_part_keepsEveryField() {
        // Given
        let url = URL(fileURLWithPath: "/tmp.txt")

        // When
        let part = MultipartFormBodyPart(
            provider: .file(url), name: "MyName", fileName: "tmp.txt", mimeType: "text/plain")

        // Then
        XCTAssertEqual(part.provider, .file(url))
        XCTAssertEqual(part.name, "MyName")
        XCTAssertEqual(part.fileName, "tmp.txt")
        XCTAssertEqual(part.mimeType, "text/plain")
    }

    func test_randomBoundary_isPrefixAnd32HexDigits_andNewEachTime() {
        // When
        let boundaries = (0..<50).map { _ in MultipartFormData.randomBoundary() }

        // Then
        for boundary in boundaries {
            XCTAssertTrue(boundary.hasPrefix("courier.boundary."), boundary)
            let digits = boundary.dropFirst("courier.boundary.".count)
            XCTAssertEqual(digits.count, 32, boundary)
            XCTAssertTrue(digits.allSatisfy(\.isHexDigit), boundary)
        }
        XCTAssertEqual(Set(boundaries).count, boundaries.count)
    }

    func test_contentType_namesTheBoundary_quotedWhenItHasSpecialCharacters() {
        // Given
        let plain = MultipartFormData(parts: [], boundary: "abc.123")
        let special = MultipartFormData(parts: [], boundary: "a=b:c")

        // Then
        XCTAssertEqual(plain.contentType, "multipart/form-data; boundary=abc.123")
        XCTAssertEqual(special.contentType, "multipart/form-data; boundary=\"a=b:c\"")
    }

    func test_body_writesPartsInOrderWithHeadersAndClosingDelimiter() async throws {
        // Given
        let file = folder.appendingPathComponent("notes.txt")
        try Data("file text".utf8).write(to: file)
        let form = MultipartFormData(
            parts: [
                MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "name"),
                MultipartFormBodyPart(provider: .file(file), name: "notes"),
            ],
            boundary: "XyZ")

        // When
        let body = try await sentBody(form)

        // Then
        let expected =
            "--XyZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAda\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"notes\"; filename=\"notes.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nfile text\r\n--XyZ--\r\n"
        XCTAssertEqual(String(decoding: body, as: UTF8.self), expected)
    }

    func test_body_doublesBackslashes_soQuotedStringParsersKeepThem() async throws {
        // Found by MultipartPropertyTests: a bare backslash starts a quoted-pair (RFC 2045), so
        // werkzeug and other MIME parsers dropped it from names.
        let form = MultipartFormData(
            parts: [MultipartFormBodyPart(provider: .data(Data("v".utf8)), name: #"C:\dir"#)], boundary: "B")
        let body = String(decoding: try await sentBody(form), as: UTF8.self)
        XCTAssertTrue(body.contains(#"Content-Disposition: form-data; name="C:\\dir""#), body)
    }

    func test_body_escapesQuotesAndLineBreaks_soNoHeaderIsInjected() async throws {
        // Given
        let name = "a\"b\r\nX-Injected: 1"
        let fileName = "evil\".txt\r\nContent-Type: text/html"
        let form = MultipartFormData(
            parts: [MultipartFormBodyPart(provider: .data(Data("v".utf8)), name: name, fileName: fileName)],
            boundary: "B")

        // When
        let body = try await sentBody(form)

        // Then
        let lines = String(decoding: body, as: UTF8.self).components(separatedBy: "\r\n")
        XCTAssertEqual(
            lines,
            [
                "--B",
                "Content-Disposition: form-data; name=\"a%22b%0D%0AX-Injected: 1\"; "
                    + "filename=\"evil%22.txt%0D%0AContent-Type: text/html\"",
                "Content-Type: application/octet-stream",
                "", "v", "--B--", "",
            ])
    }

    func test_body_sendsNonASCIINamesAsUTF8() async throws {
        // Given
        let form = MultipartFormData(
            parts: [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "prénom", fileName: "résumé 📄.pdf")],
            boundary: "B")

        // When
        let body = try await sentBody(form)

        // Then
        XCTAssertTrue(
            String(decoding: body, as: UTF8.self).contains(
                "Content-Disposition: form-data; name=\"prénom\"; filename=\"résumé 📄.pdf\"\r\n"
                    + "Content-Type: application/pdf\r\n"))
    }

    func test_body_guessesMimeTypeFromExtension_andUsesOctetStreamWhenUnknown() async throws {
        // Given
        let image = folder.appendingPathComponent("photo.PNG")
        try Data([0x89, 0x50]).write(to: image)
        let form = MultipartFormData(
            parts: [
                MultipartFormBodyPart(provider: .file(image), name: "photo"),
                MultipartFormBodyPart(provider: .data(Data("{}".utf8)), name: "meta", fileName: "meta.json"),
                MultipartFormBodyPart(provider: .data(Data("?".utf8)), name: "blob", fileName: "blob.xyz"),
                MultipartFormBodyPart(provider: .data(Data("?".utf8)), name: "raw", fileName: "noextension"),
                MultipartFormBodyPart(
                    provider: .data(Data("t".utf8)), name: "given", fileName: "a.png", mimeType: "x/y"),
                MultipartFormBodyPart(provider: .data(Data("plain".utf8)), name: "field"),
            ],
            boundary: "B")

        // When
        let text = String(decoding: try await sentBody(form), as: UTF8.self)

        // Then
        let types = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("Content-Type:") }
        XCTAssertEqual(
            types,
            [
                "Content-Type: image/png", "Content-Type: application/json", "Content-Type: application/octet-stream",
                "Content-Type: application/octet-stream", "Content-Type: x/y",
            ])
    }

    func test_body_copiesBinaryFileByteForByte() async throws {
        // Given
        let bytes = Data((0..<300_000).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 31 &+ index >> 8) })
        let file = folder.appendingPathComponent("data.bin")
        try bytes.write(to: file)
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .file(file), name: "f")], boundary: "B")

        // When
        let body = try await sentBody(form)

        // Then
        let header = Data(
            ("--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"data.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
        XCTAssertEqual(body, header + bytes + Data("\r\n--B--\r\n".utf8))
    }

    func test_multipartTask_overridesTargetContentType() async throws {
        // Given: targets whose shared headers say JSON, in either case (Alamofire's
        // MultipartUpload.asURLRequest always sets the body's own type, 5.4.4 line 80)
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "a")])
        let transport = ScriptedTransport()
        let provider = Provider<TransferTarget>(transport: transport)

        // When
        _ = try await provider.request(TransferTarget(task: .uploadMultipartFormData(form)))
        _ = try await provider.request(
            TransferTarget(task: .uploadMultipartFormData(form), headers: ["Content-Type": "application/json"]))
        _ = try await provider.request(
            TransferTarget(task: .uploadMultipartFormData(form), headers: ["content-type": "application/json"]))

        // Then
        let types = transport.requests.map { $0.urlRequest.value(forHTTPHeaderField: "Content-Type") }
        XCTAssertEqual(types, [form.contentType, form.contentType, form.contentType])
        let fields = transport.requests.map {
            ($0.urlRequest.allHTTPHeaderFields ?? [:]).keys.filter { $0.lowercased() == "content-type" }.count
        }
        XCTAssertEqual(fields, [1, 1, 1])
    }

    func test_request_compositeMultipart_putsURLParametersInQuery() async throws {
        // Given
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "a")])
        let transport = ScriptedTransport()
        let provider = Provider<TransferTarget>(transport: transport)

        // When
        _ = try await provider.request(
            TransferTarget(task: .uploadCompositeMultipartFormData(form, urlParameters: ["page": 2])))

        // Then
        XCTAssertEqual(transport.requests.first?.urlRequest.url?.query, "page=2")
        XCTAssertEqual(transport.bodyFiles.count, 1)
    }

    func test_request_removesTemporaryBodyFileAfterTheRequest() async throws {
        // Given
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "a")])
        let transport = ScriptedTransport()

        // When
        _ = try await Provider<TransferTarget>(transport: transport).request(
            TransferTarget(task: .uploadMultipartFormData(form)))

        // Then
        guard case .file(let bodyFile) = transport.requests.first?.body else {
            return XCTFail("the multipart body was not sent from a file")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: bodyFile.path))
    }

    func test_stubbedRequest_writesNoBodyFileButSetsContentType() async throws {
        // Given
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "a")])
        let provider = Provider<TransferTarget>(stubClosure: Provider.immediatelyStub)

        // When
        let response = try await provider.request(TransferTarget(task: .uploadMultipartFormData(form)))

        // Then
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "Content-Type"), form.contentType)
        XCTAssertNil(response.request?.httpBody)
    }

    /// The body the provider hands to the transport for `form`.
    private func sentBody(_ form: MultipartFormData) async throws -> Data {
        let transport = ScriptedTransport()
        _ = try await Provider<TransferTarget>(transport: transport).request(
            TransferTarget(task: .uploadMultipartFormData(form)))
        return try XCTUnwrap(transport.bodyFiles.first)
    }
}
