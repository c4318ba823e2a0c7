import XCTest

@testable import Courier

/// The SubjectPublicKeyInfo rebuilt from a raw key is openssl's, byte for byte, and so is its pin
/// (vectors: `scripts/tls-vectors.sh`).
final class SubjectPublicKeyInfoTests: XCTestCase {
    func test_everyKeyOfTheVectors_rebuildsOpenSSLsDERAndPin() throws {
        // Given
        let keys = try TLSVectors.load().keys
        XCTAssertEqual(keys.map(\.name), ["rsa2048", "rsa3072", "rsa4096", "p256", "p384", "p521"])

        for key in keys {
            let raw = try TLSVectors.bytes(base64: key.raw)

            // When
            let der =
                key.kind == "rsa"
                ? SubjectPublicKeyInfo.der(rsaPublicKey: raw) : SubjectPublicKeyInfo.der(ellipticCurvePoint: raw)

            // Then
            XCTAssertEqual(der, try TLSVectors.bytes(base64: key.spki), key.name)
            XCTAssertEqual(der.map(SHA256.base64Hash), key.pin, key.name)
        }
    }

    func test_rsaKeyThatIsNotOneSequence_isRefused() throws {
        // Given
        let key = try XCTUnwrap(TLSVectors.load().keys.first { $0.name == "rsa2048" })
        let raw = try TLSVectors.bytes(base64: key.raw)

        // Then
        XCTAssertNil(SubjectPublicKeyInfo.der(rsaPublicKey: raw.dropLast()), "truncated")
        XCTAssertNil(SubjectPublicKeyInfo.der(rsaPublicKey: raw + [0]), "trailing byte")
        XCTAssertNil(SubjectPublicKeyInfo.der(rsaPublicKey: [0x02] + raw.dropFirst()), "not a SEQUENCE")
        XCTAssertNil(SubjectPublicKeyInfo.der(rsaPublicKey: [UInt8]()), "empty")
    }

    func test_ellipticCurvePointNotUncompressedOrOnAnotherCurve_isRefused() {
        XCTAssertNil(SubjectPublicKeyInfo.der(ellipticCurvePoint: [0x02] + [UInt8](repeating: 1, count: 32)))
        XCTAssertNil(SubjectPublicKeyInfo.der(ellipticCurvePoint: [0x03] + [UInt8](repeating: 1, count: 64)))
        XCTAssertNil(SubjectPublicKeyInfo.der(ellipticCurvePoint: [0x04] + [UInt8](repeating: 1, count: 56)))
    }

    func test_derLengths_useTheShortestForm() {
        XCTAssertEqual(SubjectPublicKeyInfo.length(0x7f), [0x7f])
        XCTAssertEqual(SubjectPublicKeyInfo.length(0x80), [0x81, 0x80])
        XCTAssertEqual(SubjectPublicKeyInfo.length(0xff), [0x81, 0xff])
        XCTAssertEqual(SubjectPublicKeyInfo.length(0x100), [0x82, 0x01, 0x00])
        XCTAssertEqual(SubjectPublicKeyInfo.length(550), [0x82, 0x02, 0x26])
    }
}
