import Courier
import XCTest

final class RedactionTests: XCTestCase {
    func test_hidesHeader_matchesNamesInAnyCase() {
        let redaction = Redaction.default

        XCTAssertTrue(redaction.hidesHeader("Authorization"))
        XCTAssertTrue(redaction.hidesHeader("AUTHORIZATION"))
        XCTAssertTrue(redaction.hidesHeader("x-Api-KEY"))
        XCTAssertFalse(redaction.hidesHeader("Accept"))
        XCTAssertFalse(redaction.hidesHeader("Authorizatio"))
        XCTAssertFalse(redaction.hidesHeader(""))
    }

    func test_hidesHeader_addedNonASCIIName_matchesInAnyCase() {
        let redaction = Redaction.default.adding(headers: ["X-Clé-Privée"])

        XCTAssertTrue(redaction.hidesHeader("x-clé-privée"))
        XCTAssertTrue(redaction.hidesHeader("X-CLÉ-PRIVÉE"))
        XCTAssertFalse(redaction.hidesHeader("X-Cle-Privee"))
        XCTAssertFalse(Redaction.default.hidesHeader("X-Clé-Privée"))
    }

    func test_headerValue_replacesOnlyHiddenValues() {
        let redaction = Redaction.default.adding(headers: ["X-Session"])

        XCTAssertEqual(redaction.headerValue("abc", forName: "x-session"), Redaction.placeholder)
        XCTAssertEqual(redaction.headerValue("abc", forName: "X-Sessions"), "abc")
    }
}
