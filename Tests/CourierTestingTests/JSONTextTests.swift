import Courier
import Foundation
import XCTest

@testable import CourierTesting

final class JSONTextTests: XCTestCase {
    private let tricky = #"{"a":[1,{"b":"x\\\"y, [z]: {w}"},[],{}],"c":null,"d":-1.5e3,"é":"ü"}"#

    func test_prettyPrinted_thenCompacted_givesBackTheExactBytes() {
        // Given
        let compact = Data(tricky.utf8)

        // When
        let pretty = JSONText.prettyPrinted(compact)

        // Then
        XCTAssertEqual(JSONText.compacted(pretty), compact)
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: pretty))
        XCTAssertEqual(
            String(decoding: pretty, as: UTF8.self),
            """
            {
              "a": [
                1,
                {
                  "b": "x\\\\\\"y, [z]: {w}"
                },
                [],
                {}
              ],
              "c": null,
              "d": -1.5e3,
              "é": "ü"
            }

            """)
    }

    func test_compacted_keepsWhitespaceInsideStrings() {
        let text = Data("{ \"a b\" :\n [ \"c\\\" d\" ] }".utf8)
        XCTAssertEqual(String(decoding: JSONText.compacted(text), as: UTF8.self), "{\"a b\":[\"c\\\" d\"]}")
    }

    func test_redactingValues_hidesStringValuesOfSecretKeys_atAnyDepth_only() {
        // Given
        let body = Data(
            #"{"token" : "abc", "user": {"Password":"p\"w", "name": "token"}, "api_key": 42, "list": ["token", "x"]}"#
                .utf8)

        // When
        let redacted = JSONText.redactingValues(
            hiddenBy: Redaction(
                headerNames: [], queryParameterNames: ["token", "password", "api_key"], hidesCommonSecretNames: false),
            in: body)

        // Then
        XCTAssertEqual(
            String(decoding: redacted, as: UTF8.self),
            #"{"token" : "<redacted>", "user": {"Password":"<redacted>", "name": "token"}, "api_key": 42, "list": ["token", "x"]}"#
        )
    }

    func test_canonical_sortsMembersAtEveryLevel_andKeepsScalarsAsWritten() {
        // Given
        let body = Data(#"{ "b": [ {"z": 1.50, "a": "x, \"}\""} ], "a": {"d": true, "c": null}, "é": 1e2 }"#.utf8)

        // When
        let canonical = JSONText.canonical(body)

        // Then
        XCTAssertEqual(
            canonical.map { String(decoding: $0, as: UTF8.self) },
            #"{"a":{"c":null,"d":true},"b":[{"a":"x, \"}\"","z":1.50}],"é":1e2}"#)
        XCTAssertNil(JSONText.canonical(Data("not json".utf8)))
        XCTAssertEqual(JSONText.canonical(Data("[]".utf8)), Data("[]".utf8))
    }

    func test_isJSON_acceptsFragments_rejectsTextAndEmpty() {
        XCTAssertTrue(JSONText.isJSON(Data("\"text\"".utf8)))
        XCTAssertTrue(JSONText.isJSON(Data("[]".utf8)))
        XCTAssertFalse(JSONText.isJSON(Data("Half measures".utf8)))
        XCTAssertFalse(JSONText.isJSON(Data()))
    }
}
