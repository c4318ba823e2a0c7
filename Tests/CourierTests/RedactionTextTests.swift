import Courier
import XCTest

/// `Redaction.redacting(_:)`, the one function every text Courier produces goes through: each shape
/// a value can take, as input and expected output.
final class RedactionTextTests: XCTestCase {
    func test_queriesFragmentsAndForms() {
        assertRedacted([
            ("https://x.io/a?access_token=abc&page=2", "https://x.io/a?access_token=%3Credacted%3E&page=2"),
            ("https://x.io/cb#access_token=abc&state=s", "https://x.io/cb#access_token=%3Credacted%3E&state=s"),
            ("user%5Bpassword%5D=p%40ss&user%5Bname%5D=ann", "user%5Bpassword%5D=%3Credacted%3E&user%5Bname%5D=ann"),
            ("user[password]=pass word&x=1", "user[password]=%3Credacted%3E word&x=1"),
            ("a=1&accessToken=abc", "a=1&accessToken=%3Credacted%3E"),
            ("flag&=empty&password", "flag&=empty&password"),
            ("session=abc; token=xyz;theme=dark", "session=abc; token=%3Credacted%3E"),
            (
                "next=https%3A%2F%2Fx.io%2Fcb%3Fpage%3D2%26token%3Dabc%26q%3D1",
                "next=https%3A%2F%2Fx.io%2Fcb%3Fpage%3D2%26token%3D%3Credacted%3E%26q%3D1"
            ),
            ("GET https://x.io/?token=abc → HTTP 404", "GET https://x.io/?token=%3Credacted%3E → HTTP 404"),
            ("token_type=bearer&max_tokens=10", "token_type=bearer&max_tokens=10"),
        ])
    }

    func test_userInfoPasswords() {
        assertRedacted([
            ("https://ann:hunter2@x.io/p?q=1", "https://ann:%3Credacted%3E@x.io/p?q=1"),
            (#"{"u":"https:\/\/ann:hunter2@x.io\/"}"#, #"{"u":"https:\/\/ann:%3Credacted%3E@x.io\/"}"#),
            ("ftp://ann@x.io/", "ftp://ann@x.io/"),
        ])
    }

    func test_jsonMembers_atAnyDepth_andInAnyFraming() {
        assertRedacted([
            (#"{"access_token":"abc","token_type":"bearer"}"#, #"{"access_token":"<redacted>","token_type":"bearer"}"#),
            (#"{"a":{"b":[{"clientSecret" : "s"}]}}"#, #"{"a":{"b":[{"clientSecret" : "<redacted>"}]}}"#),
            (#"{"pin":1234,"password":1234,"x":1}"#, #"{"pin":1234,"password":"<redacted>","x":1}"#),
            (#"{"password":null}"#, #"{"password":null}"#),
            (#"{"credentials":{"user":"a","pass":"b"},"n":1}"#, #"{"credentials":"<redacted>","n":1}"#),
            (#"{"tokens":["a","b"]}"#, #"{"tokens":"<redacted>"}"#),
            ("{\"id\":1}\n{\"refreshToken\":\"r\"}\n", "{\"id\":1}\n{\"refreshToken\":\"<redacted>\"}\n"),
            (#"{"a":1}{"apiKey":"k"}"#, #"{"a":1}{"apiKey":"<redacted>"}"#),
            (#"{"note":"x","access_token":"abcdef"#, #"{"note":"x","access_token":"<redacted>"#),
            (#"{"secret":{"a":[1,2"#, #"{"secret":"<redacted>""#),
            (#"{"acc\u0065ss_token":"abc"}"#, #"{"acc\u0065ss_token":"<redacted>"}"#),
            (
                #"{"q":"he said \"password\": fine","password":"p\"w"}"#,
                #"{"q":"he said \"password\": \"<redacted>\"","password":"<redacted>"}"#
            ),
            (
                #"{"payload":"{\"access_token\":\"abc\",\"n\":1}"}"#,
                #"{"payload":"{\"access_token\":\"<redacted>\",\"n\":1}"}"#
            ),
            (#"{"next":"https://x.io/?token=abc"}"#, #"{"next":"https://x.io/?token=%3Credacted%3E"}"#),
            (
                #"["Authorization": "Bearer abc", "Accept": "*/*"]"#,
                #"["Authorization": "<redacted>", "Accept": "*/*"]"#
            ),
            ("{'password': 'abc', 'user': 'ann'}", "{'password': '<redacted>', 'user': 'ann'}"),
        ])
    }

    func test_headerLinesYAMLAndXML() {
        assertRedacted([
            ("Authorization: Bearer abc\r\nAccept: */*\r\n", "Authorization: <redacted>\r\nAccept: */*\r\n"),
            ("user:\n  name: ann\n  password: hunter2\n", "user:\n  name: ann\n  password: <redacted>\n"),
            ("- token: abc\n", "- token: <redacted>\n"),
            ("curl -H 'X-API-Key: k' 'https://x.io'", "curl -H 'X-API-Key: <redacted>' 'https://x.io'"),
            (
                "<login><user>ann</user><password>pw</password></login>",
                "<login><user>ann</user><password><redacted></password></login>"
            ),
            (#"<user password="pw" name="ann"/>"#, #"<user password="<redacted>" name="ann"/>"#),
            ("Error calling login : timed out", "Error calling login : timed out"),
            ("at 12:34:56 token expired", "at 12:34:56 token expired"),
        ])
    }

    func test_consecutiveSecrets_areAllHidden() {
        assertRedacted([
            (
                #"{"access_token":"a","Authorization":"b","x":"y","password":"c","n":{"apiKey":"d"}}"#,
                #"{"access_token":"<redacted>","Authorization":"<redacted>","x":"y","password":"<redacted>","n":{"apiKey":"<redacted>"}}"#
            ),
            (
                "token=a&password=b&x=1&secret=c",
                "token=%3Credacted%3E&password=%3Credacted%3E&x=1&secret=%3Credacted%3E"
            ),
            ("password: a\ntoken: b\n", "password: <redacted>\ntoken: <redacted>\n"),
            (#"<token>a</token><secret>b</secret>"#, #"<token><redacted></token><secret><redacted></secret>"#),
        ])
    }

    func test_apostrophesInValues_doNotHideTheNamesThatFollow() {
        // Apostrophes in words (`O'Brien`, `it's`) and single quotes in a URL are not quotes around
        // names: a secret member after two of them on the same line is hidden all the same.
        assertRedacted([
            (
                #"{"name":"Seán O'Brien","city":"Val-d'Or","access_token":"abc"}"#,
                #"{"name":"Seán O'Brien","city":"Val-d'Or","access_token":"<redacted>"}"#
            ),
            (
                #"{"a":"O'Brien","token":"abc","b":"d'Arcy"}"#,
                #"{"a":"O'Brien","token":"<redacted>","b":"d'Arcy"}"#
            ),
            (#"{"msg":"it's","password":"pa'ss"}"#, #"{"msg":"it's","password":"<redacted>"}"#),
            (#"{"a":"'","token":"abc","b":"'"}"#, #"{"a":"'","token":"<redacted>","b":"'"}"#),
            (#"{"a":"a\"b'c","token":"abc","d":"e'f"}"#, #"{"a":"a\"b'c","token":"<redacted>","d":"e'f"}"#),
            (#"{"url":"https://x.io/?q='a'","token":"abc"}"#, #"{"url":"https://x.io/?q='a'","token":"<redacted>"}"#),
        ])
    }

    func test_description_ofAnErrorBody_withApostrophes_hidesTheToken() {
        // Given: a compact JSON answer, as the error's body preview shows it
        let body = #"{"error":"Can't refresh","hint":"don't retry","refresh_token":"s3cr3t"}"#
        let error = CourierError.statusCode(Response(statusCode: 401, data: Data(body.utf8)))

        // When
        let text = error.localizedDescription

        // Then
        XCTAssertFalse(text.contains("s3cr3t"), text)
        XCTAssertTrue(text.contains(#""refresh_token":"<redacted>""#), text)
    }

    func test_textWithoutSecrets_isReturnedUnchanged() {
        let text = #"{"id":1,"name":"ann","tags":["a","b"],"url":"https://x.io/a?page=2"}"#
        XCTAssertEqual(Redaction.default.redacting(text), text)
        XCTAssertEqual(Redaction.default.redacting(""), "")
    }
}
