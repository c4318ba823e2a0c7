import XCTest

@testable import Courier

/// The hash that files cache entries and checks their files: the published FNV-1a 64-bit values,
/// and the same value whichever way the bytes are handed over.
final class FNV1aTests: XCTestCase {
    func test_hash_isFNV1a64_ofTheUTF8Bytes() {
        XCTAssertEqual(FNV1a.hash(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_f739_67e8)
        XCTAssertEqual(FNV1a.hash("é😀"), 0x52da_6ebd_ce68_376c)
    }

    func test_stringDataAndBytes_hashAlike_andAHashContinuesAcrossParts() {
        // Given
        let text = "https://api.example.com/v1/users/42?q=é"
        let data = Data(text.utf8)
        let middle = data.index(data.startIndex, offsetBy: 10)

        // When
        let whole = FNV1a.hash(text)
        let inParts = FNV1a.hash(data[middle...], continuing: FNV1a.hash(data[..<middle]))

        // Then
        XCTAssertEqual(FNV1a.hash(data), whole)
        XCTAssertEqual(FNV1a.hash(Array(text.utf8)), whole)
        XCTAssertEqual(inParts, whole)
        XCTAssertEqual(FNV1a.hash(data[middle...]), FNV1a.hash(Array(data[middle...])), "a slice hashes its own bytes")
    }
}
