import Foundation
import XCTest

@testable import Courier

/// `String.caseInsensitiveEquals`: how header and parameter names are compared (RFC 9110 §5.1),
/// on every request's fields.
final class CaseInsensitiveNameTests: XCTestCase {
    func test_asciiLettersMatchInEitherCase() {
        XCTAssertTrue("Content-Type".caseInsensitiveEquals("content-type"))
        XCTAssertTrue("ETAG".caseInsensitiveEquals("ETag"))
        XCTAssertTrue("".caseInsensitiveEquals(""))
        // Longer than a small string's 15 bytes, so both sides are heap storage.
        XCTAssertTrue("Access-Control-Allow-Origin".caseInsensitiveEquals("access-control-allow-ORIGIN"))
    }

    func test_bytesThatDifferOnlyInTheCaseBitButAreNotLetters_doNotMatch() {
        // Given: pairs 0x20 apart outside A–Z / a–z
        let pairs = [("@", "`"), ("[", "{"), ("\\", "|"), ("]", "}"), ("^", "~"), ("\u{0}", " "), ("1", "\u{11}")]

        // Then
        for (left, right) in pairs {
            XCTAssertFalse(left.caseInsensitiveEquals(right), "\(left.utf8.first!) vs \(right.utf8.first!)")
            XCTAssertFalse(("X-" + left).caseInsensitiveEquals("x-" + right))
        }
    }

    func test_differentLengthsOrLetters_doNotMatch() {
        XCTAssertFalse("Host".caseInsensitiveEquals("Hosts"))
        XCTAssertFalse("Accept".caseInsensitiveEquals("Accent"))
        XCTAssertFalse("Content-Length".caseInsensitiveEquals("Content-Lengtx"))
    }

    func test_nonASCIIIsComparedByteForByte() {
        XCTAssertTrue("X-Grüße".caseInsensitiveEquals("x-grüße"))
        XCTAssertFalse("X-GRÜSSE".caseInsensitiveEquals("x-grüsse"), "only ASCII letters fold")
        XCTAssertFalse("é".caseInsensitiveEquals("É"))
    }

    func test_aStringWithoutContiguousUTF8_isComparedToo() {
        // Given: a string from an NSString (bridged on Apple platforms, where its UTF-8 may not be
        // contiguous and the comparison walks the two strings' bytes instead)
        let bridged = String(NSString(string: "Content-Encoding"))

        // Then
        XCTAssertTrue(bridged.caseInsensitiveEquals("content-encoding"))
        XCTAssertFalse(bridged.caseInsensitiveEquals("content-encodinG "))
    }
}
