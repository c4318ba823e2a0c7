import Courier
import CourierTestSupport
import XCTest

/// `Redaction.redacting(_:)` on shapes without a quoted name beside the value: descriptions of
/// Swift and Objective-C values, JavaScript objects, messages, markup with attributes, and tokens
/// recognised by their own form (a bearer token, a JSON Web Token) wherever they stand.
final class RedactionUnquotedShapesTests: XCTestCase {
    override func setUpWithError() throws {
        try SanitizedRun.skipInputMatrix()
    }

    func test_swiftAndJavaScriptDescriptions_hideSecretMembers() {
        assertRedacted([
            (
                #"Login(email: "a@b.c", password: "hunter2", remember: true)"#,
                #"Login(email: "a@b.c", password: "<redacted>", remember: true)"#
            ),
            (
                #"Login(password: Optional("hun,ter2"), remember: true)"#,
                #"Login(password: <redacted>, remember: true)"#
            ),
            (#"Session(token: Token(value: "abc"), id: 7)"#, #"Session(token: <redacted>, id: 7)"#),
            (#"Credentials(token: nil, user: "x")"#, #"Credentials(token: nil, user: "x")"#),
            (#"{password: "hunter2", user: "ann"}"#, #"{password: "<redacted>", user: "ann"}"#),
            ("{password: 'hunter2'}", "{password: '<redacted>'}"),
            ("{token: abc, page: 2}", "{token: <redacted>, page: 2}"),
            (
                #"[AnyHashable("access_token"): "abc", AnyHashable("n"): 1]"#,
                #"[AnyHashable("access_token"): "<redacted>", AnyHashable("n"): 1]"#
            ),
            ("Refused: invalid password: hunter2", "Refused: invalid password: <redacted>"),
        ])
    }

    func test_assignments_andObjectiveCDescriptions_hideSecretValues() {
        assertRedacted([
            ("access_token = abc", "access_token = <redacted>"),
            (#""access_token" = "abc";"#, #""access_token" = "<redacted>";"#),
            (
                "{\n    \"access_token\" = abc;\n    expires = 3600;\n}",
                "{\n    \"access_token\" = <redacted>;\n    expires = 3600;\n}"
            ),
            ("{\n    accessToken = abc123;\n    n = 1;\n}", "{\n    accessToken = <redacted>;\n    n = 1;\n}"),
            (#"let password = "x""#, #"let password = "<redacted>""#),
        ])
    }

    func test_comparisons_andNamesThatAreNotSecrets_areLeftAsTheyAre() {
        for text in [
            "if token == nil { }", "a <= token", "x => password", "token != old", "12:30 (at 12:30)",
            "expires = 3600;", "(name: ann, page: 2)", "<password/><name>ann</name>",
        ] {
            XCTAssertEqual(Redaction.default.redacting(text), text)
        }
    }

    func test_markup_withAttributesAndCDATA_hidesTheSecretElementsText() {
        assertRedacted([
            (#"<password type="plain">hunter2</password>"#, #"<password type="plain"><redacted></password>"#),
            ("<password><![CDATA[hun<ter2]]></password>", "<password><![CDATA[<redacted>]]></password>"),
            (#"<token a="1" secret="s">abc</token>"#, #"<token a="1" secret="<redacted>"><redacted></token>"#),
            ("<apiKey\n  scope=\"all\">k1</apiKey>", "<apiKey\n  scope=\"all\"><redacted></apiKey>"),
        ])
    }

    func test_bearerTokens_anywhere_areHidden_butNotChallengesOrWords() {
        assertRedacted([
            ("Authorization failed for Bearer abc.def-ghi", "Authorization failed for Bearer <redacted>"),
            ("sent bearer 0a1b2c, got 401", "sent bearer <redacted>, got 401"),
            ("BEARER abcdefghij", "BEARER <redacted>"),
        ])
        for text in [
            #"WWW-Authenticate: Bearer realm="x", error="invalid_token""#, "the bearer of this card",
            #"{"token_type":"Bearer","expires_in":3600}"#, "token_type=bearer&x=1", "Bearers abc123",
        ] {
            XCTAssertEqual(Redaction.default.redacting(text), text)
        }
    }

    func test_jsonWebTokens_anywhere_areHiddenWhole() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"
        assertRedacted([
            ("token was \(jwt) in the body", "token was <redacted> in the body"),
            (#"{"jwt":"\#(jwt)","n":1}"#, #"{"jwt":"<redacted>","n":1}"#),
            ("id=\(jwt)&x=1", "id=<redacted>&x=1"),
            ("eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "<redacted>"),
        ])
        for text in ["keyJ.eyJ.x and eyJustText and key.eyJ", "eyJabc.notAToken.x", "eyJa.eyJb"] {
            XCTAssertEqual(Redaction.default.redacting(text), text)
        }
    }

    func test_separatorsEncodedTwice_stillEndTheName() {
        assertRedacted([
            (
                "next=%2Fcb%3Ftoken%253Dabc%2526x%253D1",
                "next=%2Fcb%3Ftoken%253D%3Credacted%3E%2526x%253D1"
            )
        ])
    }

    func test_headersWrittenAsNameAndValueObjects_hideTheSecretOnesValue_inEitherOrder() {
        assertRedacted([
            (
                #"{"headers":[{"name":"Authorization","value":"Bearer abc"},{"name":"Accept","value":"*/*"}]}"#,
                #"{"headers":[{"name":"Authorization","value":"<redacted>"},{"name":"Accept","value":"*/*"}]}"#
            ),
            (
                #"[{"value": "s3cr3t", "name": "X-API-Key"}, {"value": "1", "name": "page"}]"#,
                #"[{"value": "<redacted>", "name": "X-API-Key"}, {"value": "1", "name": "page"}]"#
            ),
            (
                #"{"name":"client_secret","comment":{"a":"}"},"value":{"v":1}}"#,
                #"{"name":"client_secret","comment":{"a":"}"},"value":"<redacted>"}"#
            ),
            // `key` is a secret name itself: both values are hidden.
            (#"{"key":"api_token","value":"abc"}"#, #"{"key":"<redacted>","value":"<redacted>"}"#),
        ])
        let unrelated = #"{"value":"kept","other":1,"name":"token"}"#
        XCTAssertEqual(Redaction.default.redacting(unrelated), unrelated)
    }

    func test_anyMixOfTheShapesPieces_isRedactedWithoutTrapping() {
        // Pieces of every shape, joined at random: the shapes overlap, cut each other short and
        // run past each other's ends (an attribute's unclosed quote past its tag found the case
        // where two replacements overlapped and the text could not be put back together).
        let pieces = [
            "\"", "'", "\\\"", ":", "=", " = ", "<", ">", "/", "Bearer ", "eyJ", "eyJa", ".", "%3D", "%253D", "%2526",
            "{", "}", "[", "]", "(", ")", ",", ";", "\n", " ", "token", "password", "\"value\"", "\"name\"",
            "\"key\"", "<![CDATA[", "]]>", "AnyHashable(", "abc", "Authorization", "=>", "==", "nil", "<password ",
            "<token>", "</token>", "://", "a:b@",
        ]
        XCTAssertEqual(
            Redaction.default.redacting(#"<password =\""=>==password"#), #"<password =\"<redacted>"#)
        var generator = SeededGenerator(seed: 0x5EC7_E75)
        for _ in 0..<40_000 {
            let text = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined()
            let redacted = Redaction.default.redacting(text)
            XCTAssertFalse(redacted.isEmpty, text)
        }
    }
}
