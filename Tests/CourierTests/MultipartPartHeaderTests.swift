import Courier
import CourierTestSupport
import Foundation
import XCTest

/// What each part's headers say, byte for byte, and what no part can do to them.
final class MultipartPartHeaderTests: TransferTestCase {
    private func body(of parts: [MultipartFormBodyPart]) async throws -> String {
        let transport = ScriptedTransport()
        _ = try await Provider<TransferTarget>(transport: transport).request(
            TransferTarget(task: .uploadMultipartFormData(MultipartFormData(parts: parts, boundary: "B"))))
        return String(decoding: try XCTUnwrap(transport.bodyFiles.first), as: UTF8.self)
    }

    func test_lineBreaksAndQuotesInNames_areEscapedScalarByScalar() async throws {
        // Given: "\r\n" is a single Character, equal to neither "\r" nor "\n"
        let name = "a\r\nX-Injected: yes\"\\"
        XCTAssertEqual(name.filter { $0 != "\r" && $0 != "\n" }, name)

        // When
        let body = try await body(of: [
            MultipartFormBodyPart(provider: .data(Data("v".utf8)), name: name, fileName: "f\r\n.txt")
        ])

        // Then
        XCTAssertEqual(
            body,
            "--B\r\nContent-Disposition: form-data; name=\"a%0D%0AX-Injected: yes%22\\\\\"; filename=\"f%0D%0A.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nv\r\n--B--\r\n")
    }

    func test_lineBreakOrNULInMimeType_isRefusedNamingThePart_andNothingIsSent() async {
        for mimeType in ["text/plain\r\nX-Injected: yes", "text/plain\nX: 1", "text/plain\rX: 1", "text/plain\0"] {
            // Given
            let transport = ScriptedTransport()
            let part = MultipartFormBodyPart(provider: .data(Data("v".utf8)), name: "photo", mimeType: mimeType)

            // When
            let failure = await transport.failure(of: .uploadMultipartFormData([part]))

            // Then
            guard case .underlying(let error, nil) = failure else { return XCTFail("\(String(describing: failure))") }
            XCTAssertEqual(error as? TransferError, .invalidPartHeader(name: "photo", field: "mimeType"))
            XCTAssertTrue(error.localizedDescription.contains("\"photo\""), error.localizedDescription)
            XCTAssertEqual(transport.sentCount, 0)
        }
    }

    func test_NULInNameOrFileName_isRefused() async {
        let cases = [
            (MultipartFormBodyPart(provider: .data(Data()), name: "a\0b"), "name"),
            (MultipartFormBodyPart(provider: .data(Data()), name: "a", fileName: "x\0.png"), "fileName"),
        ]
        for (part, field) in cases {
            // When
            let failure = await ScriptedTransport().failure(of: .uploadMultipartFormData([part]))

            // Then
            guard case .underlying(let error, nil) = failure else { return XCTFail("\(String(describing: failure))") }
            XCTAssertEqual(error as? TransferError, .invalidPartHeader(name: part.name, field: field))
        }
    }

    func test_contentTypeAndFileName_ofEachKindOfPart() async throws {
        // Given
        let file = folder.appendingPathComponent("scan.pdf")
        try Data("%PDF".utf8).write(to: file)

        // When
        let body = try await body(of: [
            MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "plain"),
            MultipartFormBodyPart(provider: .data(Data("2".utf8)), name: "photo", fileName: "me.png"),
            MultipartFormBodyPart(provider: .data(Data("3".utf8)), name: "given", fileName: "a.png", mimeType: "x/y"),
            MultipartFormBodyPart(provider: .file(file), name: "scan"),
            MultipartFormBodyPart(provider: .file(file), name: "renamed", fileName: "report.pdf"),
        ])

        // Then
        let headers = body.components(separatedBy: "--B\r\n").dropFirst().map {
            $0.components(separatedBy: "\r\n\r\n")[0]
        }
        XCTAssertEqual(
            headers,
            [
                "Content-Disposition: form-data; name=\"plain\"",
                "Content-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\nContent-Type: image/png",
                "Content-Disposition: form-data; name=\"given\"; filename=\"a.png\"\r\nContent-Type: x/y",
                "Content-Disposition: form-data; name=\"scan\"; filename=\"scan.pdf\"\r\nContent-Type: application/pdf",
                "Content-Disposition: form-data; name=\"renamed\"; filename=\"report.pdf\"\r\n"
                    + "Content-Type: application/pdf",
            ])
    }
}
