import Courier
import Foundation
import XCTest

final class JSONValueTests: XCTestCase {
    func test_decoding_keepsEveryKindOfValue_integersApartFromOtherNumbers() throws {
        // When
        let value = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(#"{"a": [1, 2.5, "x", true, null], "b": {"c": 9223372036854775807}}"#.utf8))

        // Then
        XCTAssertEqual(
            value,
            .object([
                "a": .array([.integer(1), .number(2.5), .string("x"), .bool(true), .null]),
                "b": .object(["c": .integer(Int.max)]),
            ]))
        XCTAssertEqual(value["b"]?["c"], .integer(Int.max))
        XCTAssertNil(value["z"])
    }

    func test_encoding_writesTheSameJSON_keysSorted() throws {
        // Given
        let value = JSONValue.object([
            "z": .null, "a": .array([.integer(1), .number(0.5), .bool(false), .string("é")]),
        ])

        // When
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)

        // Then
        XCTAssertEqual(text, #"{"a":[1,0.5,false,"é"],"z":null}"#)
        XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), value)
    }
}
