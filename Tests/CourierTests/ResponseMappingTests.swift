import Courier
import CourierTestSupport
import XCTest

final class ResponseMappingTests: XCTestCase {
    private struct Issue: Decodable, Equatable {
        let title: String
    }

    private struct OptionalIssue: Decodable, Equatable {
        let title: String?
    }

    private func response(_ text: String, statusCode: Int = 200) -> Response {
        Response(statusCode: statusCode, data: Data(text.utf8))
    }

    // MARK: - Filters

    func test_filters_acceptClosedAndHalfOpenRanges() throws {
        XCTAssertThrowsError(try response("", statusCode: 10).filter(statusCodes: 0...9))
        XCTAssertThrowsError(try response("", statusCode: 10).filter(statusCodes: 0..<10))
        XCTAssertThrowsError(try response("", statusCode: -1).filter(statusCodes: 0..<10))
        XCTAssertEqual(try response("", statusCode: 9).filter(statusCodes: 0..<10).statusCode, 9)
    }

    func test_successFilters_useTheirRanges() throws {
        XCTAssertThrowsError(try response("", statusCode: 404).filterSuccessfulStatusCodes())
        XCTAssertNoThrow(try response("", statusCode: 200).filterSuccessfulStatusCodes())
        XCTAssertNoThrow(try response("", statusCode: 304).filterSuccessfulStatusAndRedirectCodes())
        XCTAssertThrowsError(try response("", statusCode: 304).filterSuccessfulStatusCodes())
        XCTAssertNoThrow(try response("", statusCode: 42).filter(statusCode: 42))
    }

    func test_filterFailure_keepsTheResponse() {
        let original = response("gone", statusCode: 410)
        XCTAssertThrowsError(try original.filterSuccessfulStatusCodes()) {
            guard case .statusCode(let kept) = $0 as? CourierError else { return XCTFail("got \($0)") }
            XCTAssertTrue(kept === original)
        }
    }

    // MARK: - JSON and strings

    func test_mapJSON_parsesObjectsAndFragments() throws {
        let object = try response(#"{"name": "John Crichton"}"#).mapJSON() as? [String: Any]
        XCTAssertEqual(object?["name"] as? String, "John Crichton")
        XCTAssertEqual(try response("42").mapJSON() as? Int, 42)
    }

    func test_mapJSON_emptyBody_throwsUnlessAllowed() throws {
        XCTAssertThrowsError(try response("").mapJSON())
        XCTAssertTrue(try response("").mapJSON(failsOnEmptyData: false) is NSNull)
    }

    func test_mapJSON_invalidBody_failsWithJSONMappingKeepingResponse() {
        let original = response(#"{ "name": "john }"#)
        XCTAssertThrowsError(try original.mapJSON(failsOnEmptyData: false)) {
            guard case .jsonMapping(let kept) = $0 as? CourierError else { return XCTFail("got \($0)") }
            XCTAssertTrue(kept === original)
        }
    }

    func test_mapString_readsUTF8AndKeyPaths() throws {
        XCTAssertEqual(try response("héllo").mapString(), "héllo")
        XCTAssertEqual(try response("").mapString(), "")
        XCTAssertEqual(try response(#"{"data": {"words": "live by"}}"#).mapString(atKeyPath: "data.words"), "live by")
    }

    func test_mapString_invalidUTF8OrMissingString_failsWithStringMapping() {
        XCTAssertThrowsError(try Response(statusCode: 200, data: Data([0xFF, 0xFE, 0x41])).mapString()) {
            guard case .stringMapping = $0 as? CourierError else { return XCTFail("got \($0)") }
        }
        XCTAssertThrowsError(try response(#"{"count": 1}"#).mapString(atKeyPath: "count")) {
            guard case .stringMapping = $0 as? CourierError else { return XCTFail("got \($0)") }
        }
    }

    // MARK: - Decodable

    func test_map_decodesTheBodyOrTheValueAtADottedKeyPath() throws {
        XCTAssertEqual(try response(#"{"title": "Hello"}"#).map(Issue.self), Issue(title: "Hello"))
        XCTAssertEqual(
            try response(#"{"data": {"issue": {"title": "Nested"}}}"#).map(Issue.self, atKeyPath: "data.issue"),
            Issue(title: "Nested"))
        XCTAssertEqual(
            try response(#"{"issues": [{"title": "A"}, {"title": "B"}]}"#).map([Issue].self, atKeyPath: "issues"),
            [Issue(title: "A"), Issue(title: "B")])
        XCTAssertEqual(try response(#"{"items": [{"title": "A"}]}"#).map(String.self, atKeyPath: "items.0.title"), "A")
    }

    func test_map_scalarsAtKeyPath_decodeStrictly() throws {
        let body = response(#"{"count": 1, "isNew": true, "url": "http://www.example.com/test", "text": "x"}"#)
        XCTAssertEqual(try body.map(Int.self, atKeyPath: "count"), 1)
        XCTAssertEqual(try body.map(Bool.self, atKeyPath: "isNew"), true)
        XCTAssertEqual(try body.map(URL.self, atKeyPath: "url"), URL(string: "http://www.example.com/test"))
        XCTAssertThrowsError(try body.map(Bool.self, atKeyPath: "count"))
        XCTAssertThrowsError(try body.map(Int.self, atKeyPath: "text"))
    }

    func test_map_missingKeyPath_failsWithJSONMappingOrFallsBackToTheBody() throws {
        XCTAssertThrowsError(try response(#"{"title": "Top"}"#).map(Issue.self, atKeyPath: "missing")) {
            guard case .jsonMapping = $0 as? CourierError else { return XCTFail("got \($0)") }
        }
        XCTAssertEqual(
            try response(#"{"title": "Top"}"#).map(Issue.self, atKeyPath: "missing", failsOnEmptyData: false),
            Issue(title: "Top"))
    }

    func test_map_emptyBodyWhenAllowed_decodesEmptyObjectThenOneElementArrayAsMoyaDoes() throws {
        XCTAssertEqual(try response("").map(OptionalIssue.self, failsOnEmptyData: false), OptionalIssue(title: nil))
        XCTAssertEqual(try response("").map([OptionalIssue].self, failsOnEmptyData: false), [OptionalIssue(title: nil)])
        XCTAssertThrowsError(try response("").map(OptionalIssue.self))
    }

    func test_map_decodingFailure_failsWithObjectMappingThatSaysWhere() {
        let original = response(#"{"name": "no title"}"#)
        XCTAssertThrowsError(try original.map(Issue.self)) {
            guard case .objectMapping(let error, let kept) = $0 as? CourierError else { return XCTFail("got \($0)") }
            XCTAssertTrue(error is DecodingError)
            XCTAssertTrue(kept === original)
            XCTAssertTrue(($0 as? CourierError)?.localizedDescription.contains("\"title\" is missing") == true)
        }
    }

    func test_map_acceptsAnyDataDecoder() throws {
        let plist = try PropertyListEncoder().encode(["title": "From a plist"])
        let decoded = try Response(statusCode: 200, data: plist).map(Issue.self, using: PropertyListDecoder())
        XCTAssertEqual(decoded, Issue(title: "From a plist"))
    }

    // MARK: - The response itself

    func test_equality_comparesStatusBodyAndHTTPResponse() {
        XCTAssertEqual(response("a"), response("a"))
        XCTAssertNotEqual(response("a"), response("b"))
        XCTAssertNotEqual(response("a", statusCode: 200), response("a", statusCode: 201))
        let url = URL(string: "https://x.io")!
        let http = { (value: String) in
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: ["ETag": value])
        }
        XCTAssertEqual(
            Response(statusCode: 200, data: Data(), response: http("1")),
            Response(statusCode: 200, data: Data(), response: http("1")))
        XCTAssertNotEqual(
            Response(statusCode: 200, data: Data(), response: http("1")),
            Response(statusCode: 200, data: Data(), response: http("2")))
    }

    func test_description_namesStatusAndLength() {
        XCTAssertEqual(response("four").description, "Status Code: 200, Data Length: 4")
        XCTAssertEqual(response("four").debugDescription, "Status Code: 200, Data Length: 4")
    }

    func test_keyPath_componentStartingWithAModifier_isStillItsOwnComponent() throws {
        // Found by KeyPathPropertyTests: "." followed by an emoji modifier is one Character.
        let body = response(
            #"{"hand": {"\u{1F3FF}tone": "dark", "\u0301accent": "acute"}}"#.replacingOccurrences(
                of: "\\u{1F3FF}", with: "\u{1F3FF}"))
        XCTAssertEqual(try body.mapString(atKeyPath: "hand.\u{1F3FF}tone"), "dark")
        XCTAssertEqual(try body.mapString(atKeyPath: "hand.\u{0301}accent"), "acute")
    }
}
