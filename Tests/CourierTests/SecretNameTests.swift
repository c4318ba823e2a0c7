import Courier
import CourierTestSupport
import XCTest

/// The name rule of `Redaction`: which spellings are secrets and which look-alikes are not.
final class SecretNameTests: XCTestCase {
    func test_default_hidesEverySecretSpelling() {
        for name in SecretSpellings.secret {
            XCTAssertTrue(Redaction.default.hides(name), name)
        }
    }

    func test_default_leavesHarmlessLookAlikes() {
        for name in SecretSpellings.harmless {
            XCTAssertFalse(Redaction.default.hides(name), name)
        }
    }

    func test_percentEncodedNestedNames_areReadByTheirLastComponent() {
        let encoded = [
            "user%5Bpassword%5D", "user%255Bpassword%255D", "acc%65ss_token", "token%5B%5D", "a%5B0%5D%5Bsecret%5D",
            "user+password", "user%2Epassword",
        ]
        for name in encoded {
            XCTAssertTrue(Redaction.default.hides(name), name)
        }
        XCTAssertFalse(Redaction.default.hides("user%5Bname%5D"))
        XCTAssertFalse(Redaction.default.hides("token%5Btype%5D"))
    }

    func test_trailingDigitsAndNonASCIINames() {
        XCTAssertTrue(Redaction.default.hides("password2"))
        XCTAssertTrue(Redaction.default.hides("Set-Cookie2"))
        XCTAssertFalse(Redaction.default.hides("page2"))
        XCTAssertTrue(Redaction.default.hides("mot_de_passe_password"))
        XCTAssertFalse(Redaction.default.hides("clé"))
        XCTAssertFalse(Redaction.default.hides(""))
        XCTAssertFalse(Redaction.default.hides("[]"))
        XCTAssertFalse(Redaction.default.hides("123"))
    }

    func test_listedNames_matchInAnySpelling_withOrWithoutTheRule() {
        // Given
        let onlyListed = Redaction(
            headerNames: ["X-Session"], queryParameterNames: ["pin"], hidesCommonSecretNames: false)

        // Then
        for name in ["X-Session", "x_session", "xSession", "XSESSION", "user[pin]", "PIN"] {
            XCTAssertTrue(onlyListed.hides(name), name)
        }
        XCTAssertFalse(onlyListed.hides("access_token"))
        XCTAssertFalse(onlyListed.hides("X-Sessions"))
        XCTAssertTrue(Redaction.default.adding(queryParameters: ["pin"]).hides("card.pin"))
        XCTAssertFalse(Redaction.default.hides("pin"))
    }

    func test_none_hidesNothing() {
        for name in SecretSpellings.secret {
            XCTAssertFalse(Redaction.none.hides(name), name)
        }
        XCTAssertEqual(Redaction.none.redacting("access_token=abc"), "access_token=abc")
    }
}
