import XCTest

@testable import Courier

/// A file of trusted certificates is read as OpenSSL reads libcurl's: every `CERTIFICATE` block,
/// other blocks skipped, a broken block refusing the file.
final class PEMCertificatesTests: XCTestCase {
    private func bundle() throws -> (text: String, der: [Data]) {
        let pem = try TLSVectors.load().pem
        let text = String(decoding: try TLSVectors.bytes(base64: pem.bundle), as: UTF8.self)
        return (text, try pem.der.map { Data(try TLSVectors.bytes(base64: $0)) })
    }

    func test_bundleWithAKeyBetweenCertificates_givesOpenSSLsDEROfEach() throws {
        // Given
        let (text, der) = try bundle()

        // Then
        XCTAssertEqual(der.count, 2)
        XCTAssertEqual(PEMCertificates.der(in: text), der)
        XCTAssertEqual(PEMCertificates.der(in: text.replacingOccurrences(of: "\n", with: "\r\n")), der, "CRLF")
    }

    func test_textWithoutCertificates_isRefused() {
        XCTAssertNil(PEMCertificates.der(in: ""))
        XCTAssertNil(PEMCertificates.der(in: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"))
    }

    func test_brokenBlock_refusesTheWholeFile() throws {
        // Given
        let (text, _) = try bundle()
        let unclosed = text + "-----BEGIN CERTIFICATE-----\nMIIB\n"
        let notBase64 = text + "-----BEGIN CERTIFICATE-----\n%%%%\n-----END CERTIFICATE-----\n"
        let interrupted = "-----BEGIN CERTIFICATE-----\nMIIB\n-----BEGIN CERTIFICATE-----\n" + text

        // Then
        XCTAssertNil(PEMCertificates.der(in: unclosed))
        XCTAssertNil(PEMCertificates.der(in: notBase64))
        XCTAssertNil(PEMCertificates.der(in: interrupted))
    }

    func test_readingAMissingFile_saysWhich() {
        // When
        let result = PEMCertificates.read(URL(fileURLWithPath: "/nonexistent/ca.pem"))

        // Then
        guard case .failure(let unreadable) = result else { return XCTFail("read \(result)") }
        XCTAssertTrue(unreadable.detail.hasPrefix("/nonexistent/ca.pem: "), unreadable.detail)
    }
}
