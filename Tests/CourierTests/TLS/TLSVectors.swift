import Foundation
import XCTest

/// The vectors of `Fixtures/tls-vectors.json`, made with openssl by `scripts/tls-vectors.sh`.
struct TLSVectors: Decodable {
    /// A public key in the raw form Security gives, with what openssl makes of it.
    struct Key: Decodable {
        let name: String
        /// `rsa` or `ec`.
        let kind: String
        /// PKCS #1 `RSAPublicKey` DER, or the uncompressed X9.63 point (base64).
        let raw: String
        /// The DER SubjectPublicKeyInfo (base64).
        let spki: String
        /// The base64 SHA-256 of `spki`.
        let pin: String
    }

    /// The SHA-256 (hex) of `length` bytes of `a`.
    struct Digest: Decodable {
        let length: Int
        let sha256: String
    }

    /// A PEM bundle (base64 of its text) and the DER of its certificates (base64).
    struct PEM: Decodable {
        let bundle: String
        let der: [String]
    }

    let keys: [Key]
    let digests: [Digest]
    let pem: PEM

    static func load() throws -> TLSVectors {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "tls-vectors", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(TLSVectors.self, from: Data(contentsOf: url))
    }

    /// The bytes of a base64 string of the vectors.
    static func bytes(base64 text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        [UInt8](try XCTUnwrap(Data(base64Encoded: text), file: file, line: line))
    }

    /// Lowercase hex, as `openssl dgst` prints a digest.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
