import XCTest

@testable import Courier

/// Courier's SHA-256, against FIPS 180-4's examples and openssl's digests around the block size.
final class SHA256Tests: XCTestCase {
    func test_fipsExamples_matchTheirDigests() {
        // Given: FIPS 180-4's one-block and two-block messages
        let examples = [
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ]

        // Then
        for (message, digest) in examples {
            XCTAssertEqual(TLSVectors.hex(SHA256.hash(Array(message.utf8))), digest, message)
        }
    }

    func test_messagesAroundTheBlockSize_matchOpenSSL() throws {
        // Given
        let vectors = try TLSVectors.load()
        XCTAssertFalse(vectors.digests.isEmpty)

        // Then: 0, 55, 56, 63, 64, 65… bytes, where the padding takes one block or two
        for vector in vectors.digests {
            let message = [UInt8](repeating: UInt8(ascii: "a"), count: vector.length)
            XCTAssertEqual(TLSVectors.hex(SHA256.hash(message)), vector.sha256, "\(vector.length) bytes")
        }
    }

    func test_millionAs_matchesFIPS() {
        // Given: FIPS 180-4's long message
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)

        // Then
        XCTAssertEqual(
            TLSVectors.hex(SHA256.hash(message)), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func test_base64Hash_isAPinAsOpenSSLWritesIt() {
        XCTAssertEqual(SHA256.base64Hash([UInt8]()), "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }
}
