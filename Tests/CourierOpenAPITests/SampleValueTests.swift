import CourierOpenAPIKit
import XCTest

/// The values samples are made of where the document gives no example: each case here was a
/// request the OpenAPI judge found invalid on a real document (OpenAI's, Twilio's).
final class SampleValueTests: XCTestCase {
    /// The generated request samples (`API+Samples.swift`) of a one-operation document whose body
    /// schema is `body`.
    private func requestSamples(body: String) throws -> String {
        let document = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/things": {"post": {
              "operationId": "create",
              "requestBody": {"required": true, "content": {"application/json": {"schema": \(body)}}},
              "responses": {"204": {"description": "OK"}}}}}}
            """
        let (files, _) = try Generator.generate(
            try JSONReader.read(Array(document.utf8)), options: GeneratorOptions(emitsSamples: true))
        let samples = try XCTUnwrap(files.first { $0.name == "API+Samples.swift" })
        return samples.contents
    }

    func test_nullableScalarBehindAnyOf_keepsItsMembersBoundsAndExample() throws {
        let samples = try requestSamples(
            body: """
                {"type": "object", "required": ["top_p", "tokens"], "properties": {
                  "top_p": {"anyOf": [{"type": "number", "minimum": 0, "maximum": 1, "example": 1}, {"type": "null"}]},
                  "tokens": {"anyOf": [{"type": "integer", "minimum": 16}, {"type": "null"}]}}}
                """)
        XCTAssertTrue(samples.contains(#""top_p":1"#), samples)
        XCTAssertTrue(samples.contains(#""tokens":16"#), samples)
    }

    func test_objectWhoseAnyOfListsRequiredMembers_holdsTheFirstListsMembers() throws {
        let samples = try requestSamples(
            body: """
                {"type": "object", "additionalProperties": false, "properties": {
                  "file_ids": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                  "files": {"type": "array", "minItems": 1, "items": {"type": "string"}}},
                 "anyOf": [{"required": ["file_ids"]}, {"required": ["files"]}]}
                """)
        XCTAssertTrue(samples.contains(#""file_ids":["string"]"#), samples)
    }

    func test_patternedString_matchesItsPattern() throws {
        let samples = try requestSamples(
            body: """
                {"type": "object", "required": ["sid"], "properties": {
                  "sid": {"type": "string", "minLength": 34, "maxLength": 34, "pattern": "^AC[0-9a-fA-F]{32}$"}}}
                """)
        XCTAssertTrue(samples.contains(#""sid":"AC00000000000000000000000000000000""#), samples)
    }

    func test_optionalMemberNoValueCanMeet_isLeftOut() throws {
        let samples = try requestSamples(
            body: """
                {"type": "object", "required": ["files"], "properties": {
                  "files": {"type": "string"},
                  "public": {"oneOf": [{"type": "boolean"}, {"type": "string", "enum": ["true", "false"]},
                                       {"nullable": true}]}}}
                """)
        XCTAssertTrue(samples.contains(##"body: try sample(#"{"files":"string"}"#)"##), samples)
    }

    func test_deeplyNestedListOfScalars_stillHoldsAValue() throws {
        let leaf =
            #"{"type": "object", "required": ["prices"], "properties": {"prices": {"type": "array", "items": {"type": "string"}}}}"#
        var schema = leaf
        for level in 0..<7 {
            schema = #"{"type": "object", "required": ["l\#(level)"], "properties": {"l\#(level)": \#(schema)}}"#
        }
        let samples = try requestSamples(body: schema)
        XCTAssertTrue(samples.contains(#""prices":["string"]"#), samples)
    }

    func test_optionalListOfObjectsInAQuery_isLeftOutOfTheSample() throws {
        let document = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/search": {"get": {
              "operationId": "search", "parameters": [
                {"name": "filters", "in": "query", "schema": {"type": "array", "items": {"type": "object",
                  "properties": {"scope": {"type": "string"}}}}, "example": [{"scope": "global"}]},
                {"name": "ids", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}}],
              "responses": {"204": {"description": "OK"}}}}}}
            """
        let (files, _) = try Generator.generate(
            try JSONReader.read(Array(document.utf8)), options: GeneratorOptions(emitsSamples: true))
        let samples = try XCTUnwrap(files.first { $0.name == "API+Samples.swift" }).contents
        XCTAssertTrue(samples.contains(##".search(filters: nil, ids: try sample(#"["string"]"#))"##), samples)
    }
}
