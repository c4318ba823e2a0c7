import CourierOpenAPIKit
import XCTest

final class GeneratorTests: XCTestCase {
    private func generate(_ json: String, name: String = "API") throws -> (
        files: [String: String], warnings: [GenerationWarning]
    ) {
        let (files, warnings) = try Generator.generate(
            try JSONReader.read(Array(json.utf8)), options: GeneratorOptions(name: name))
        return (Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) }), warnings)
    }

    private func petsDocument() throws -> String {
        try String(contentsOf: GeneratedClients.documentsFolder.appendingPathComponent("pets.json"), encoding: .utf8)
    }

    /// The part for compilers from Swift 6.2 on (the other half repeats it without `nonisolated`).
    private func modern(_ file: String?) -> String {
        guard let file, let start = file.range(of: "#if compiler(>=6.2)\n"), let end = file.range(of: "\n#else\n")
        else {
            return ""
        }
        return String(file[start.upperBound..<end.lowerBound])
    }

    func test_sameDocument_givesTheSameBytes() throws {
        // Given
        let document = try petsDocument()

        // When
        let first = try generate(document)
        let second = try generate(document)

        // Then
        XCTAssertEqual(first.files, second.files)
        XCTAssertEqual(
            first.files.keys.sorted(),
            [
                "API+Models.swift", "API+SampleData.swift", "API+Support.swift", "API+TargetType.swift",
                "API+Typed.swift",
                "API.swift",
            ])
    }

    func test_cases_areOperationIDsWithOneLabelledValuePerParameter_pathFirst_bodyLast() throws {
        // When
        let enumFile = modern(try generate(try petsDocument()).files["API.swift"])

        // Then
        XCTAssertTrue(enumFile.contains("nonisolated public enum API: Sendable {"), enumFile)
        XCTAssertTrue(
            enumFile.contains(
                "case listPets(limit: Int? = nil, tags: [String]? = nil, status: PetStatus? = nil, xRequestID: UUID? = nil)"
            ))
        XCTAssertTrue(enumFile.contains("case showPetById(petId: Int)"))
        XCTAssertTrue(enumFile.contains("case recordVisit(petId: Int, notify: Bool? = nil, body: RecordVisitRequest)"))
        XCTAssertTrue(enumFile.contains("case search(page: Int? = nil, body: SearchQuery)"))
        // No operationId: the method and the path's words.
        XCTAssertTrue(enumFile.contains("case getOwnersOwnerIdNotes(ownerId: Int, session: String? = nil)"))
        XCTAssertTrue(
            enumFile.contains("    /// Lists the pets\n    ///\n    /// Pets sorted by name; a page at a time."))
    }

    func test_typedTargets_answerTheSuccessResponsesType() throws {
        // When
        let typed = modern(try generate(try petsDocument()).files["API+Typed.swift"])

        // Then
        XCTAssertTrue(typed.contains("public static func showPetById(petId: Int) -> TypedTarget<API, Pet>"))
        XCTAssertTrue(typed.contains("public static func deletePet(petId: Int) -> TypedTarget<API, Void>"))
        XCTAssertTrue(typed.contains("public static func downloadPhoto(petId: Int) -> TypedTarget<API, Data>"))
        XCTAssertTrue(
            typed.contains(
                "public static func getOwnersOwnerIdNotes(ownerId: Int, session: String? = nil) -> TypedTarget<API, String>"
            ))
        XCTAssertTrue(typed.contains("public static func familyTree() -> TypedTarget<API, TreeNode>"))
    }

    func test_models_mergeAllOf_chooseOneOfByDiscriminator_andBoxRecursion() throws {
        // When
        let models = modern(try generate(try petsDocument()).files["API+Models.swift"])

        // Then
        XCTAssertTrue(models.contains("nonisolated public struct Pet: Codable, Hashable, Sendable {"))
        for property in [
            "public let name: String", "public let id: Int", "public let status: PetStatus",
            "public let updatedAt: Date?", "public let ownerId: Int?", "public let attributes: [String: String]?",
        ] {
            XCTAssertTrue(models.contains(property), property)
        }
        XCTAssertTrue(
            models.contains("self.ownerId = try container.decodeIfPresent(Int.self, forKey: Key(\"owner_id\"))"))
        XCTAssertTrue(models.contains("nonisolated public enum SearchResult: Codable, Hashable, Sendable {"))
        XCTAssertTrue(
            models.contains("case \"pet\", \"PetHit\": self = .petHit(try container.decode(PetHit.self)); return"))
        XCTAssertTrue(models.contains("case key = \"kind\""))
        XCTAssertTrue(models.contains("public let parent: Indirect<TreeNode>?"))
        XCTAssertTrue(models.contains("public let additionalProperties: [String: String]"))
        XCTAssertTrue(
            models.contains("for key in container.allKeys where !Self.namedMembers.contains(key.stringValue) {"))
        XCTAssertTrue(
            models.contains("public static var inTreatment: PetStatus { PetStatus(rawValue: \"in-treatment\") }"))
    }

    func test_names_escapeKeywords_avoidTheTargetsMembers_andResolveCollisionsInOrder() throws {
        // Given
        let document = """
            {"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": {
              "/a/{id}": {"get": {"operationId": "default", "parameters": [
                {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "id", "in": "query", "schema": {"type": "string"}},
                {"name": "in", "in": "query", "schema": {"type": "string"}},
                {"name": "body", "in": "query", "schema": {"type": "string"}}],
                "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": {"204": {"description": "ok"}}}},
              "/b": {"get": {"operationId": "path", "responses": {"204": {"description": "ok"}}},
                     "put": {"operationId": "list", "responses": {"204": {"description": "ok"}}},
                     "post": {"operationId": "list", "responses": {"204": {"description": "ok"}}}}}}
            """

        // When
        let enumFile = modern(try generate(document).files["API.swift"])

        // Then
        XCTAssertTrue(
            enumFile.contains(
                "case `default`(id: String, idQuery: String? = nil, in: String? = nil, bodyQuery: String? = nil, body: [String: JSONValue]? = nil)"
            ),
            enumFile)
        XCTAssertTrue(enumFile.contains("case path_\n"))
        XCTAssertTrue(enumFile.contains("case list\n"))
        XCTAssertTrue(enumFile.contains("case list2\n"))
    }

    func test_apiKeysSentInHeaders_areTheTargetsCredentialHeaders_andNoCaseTakesThatName() throws {
        // Given: keys in two headers (one with a name no redaction list knows), a query and a cookie,
        // and an operation named after the member
        let document = """
            {"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": {
              "/a": {"get": {"operationId": "credentialHeaders", "security": [{"acme": [], "legacy": []}],
                "responses": {"204": {"description": "ok"}}}},
              "/b": {"get": {"operationId": "other", "security": [{"inQuery": []}, {"inCookie": []}],
                "responses": {"204": {"description": "ok"}}}}},
              "components": {"securitySchemes": {
                "acme": {"type": "apiKey", "in": "header", "name": "X-Acme-Token"},
                "legacy": {"type": "apiKey", "in": "header", "name": "Api-Secret"},
                "inQuery": {"type": "apiKey", "in": "query", "name": "key"},
                "inCookie": {"type": "apiKey", "in": "cookie", "name": "sid"}}}}
            """

        // When
        let files = try generate(document).files
        let support = modern(files["API+Support.swift"])

        // Then: only the header keys, sorted, so that a redirect never carries them elsewhere
        XCTAssertTrue(
            support.contains("public var credentialHeaders: Set<String> { [\"Api-Secret\", \"X-Acme-Token\"] }"),
            support)
        XCTAssertTrue(modern(files["API.swift"]).contains("case credentialHeaders_\n"))
    }

    func test_whatSwiftCannotExpress_isAnyJSON_withAWarningNamingThePointer_andNoOperationIsDropped() throws {
        // Given
        let document = """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {
              "/x": {"get": {"operationId": "getX", "parameters": [{"$ref": "other.yaml#/components/parameters/P"}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
                  {"type": ["string", "integer", "boolean"]}}}}}}},
              "/y": {"get": {"operationId": "getY", "responses": {"200": {"description": "ok", "content": {"application/json":
                  {"schema": {"$ref": "#/components/schemas/Missing"}}}}}}}}}
            """

        // When
        let (files, warnings) = try generate(document)

        // Then
        let enumFile = modern(files["API.swift"])
        XCTAssertTrue(enumFile.contains("case getX\n") && enumFile.contains("case getY\n"), enumFile)
        XCTAssertTrue(modern(files["API+Typed.swift"]).contains("func getX() -> TypedTarget<API, JSONValue>"))
        XCTAssertEqual(
            warnings.map(\.pointer),
            [
                "/paths/~1x/get/parameters/0",
                "/paths/~1x/get/responses/200/content/application~1json/schema",
                "/paths/~1y/get/responses/200/content/application~1json/schema",
            ])
        XCTAssertTrue(warnings[0].message.contains("outside this document"), warnings[0].message)
        XCTAssertTrue(warnings[1].message.contains("JSONValue"), warnings[1].message)
    }

    func test_loopsAndDepthInTheDocument_areWarnings_notCrashes() throws {
        // Given: references that name each other, a schema that contains itself through a path, and a
        // chain of 2,000 components each holding the next
        var chain = ""
        for index in 0..<2000 {
            chain +=
                ##", "N\##(index)": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/N\##(index + 1)"}}}"##
        }
        let document = """
            {"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": {
              "/a": {"get": {"operationId": "a", "responses": {"200": {"description": "x", "content": {"application/json":
                {"schema": {"$ref": "#/components/schemas/A"}}}}}}},
              "/b": {"get": {"operationId": "b", "responses": {"200": {"description": "x", "content": {"application/json":
                {"schema": {"type": "array", "items": {"$ref": "#/paths/~1b/get/responses/200/content/application~1json/schema"}}}}}}}},
              "/c": "not an object",
              "/n": {"get": {"operationId": "n", "responses": {"200": {"description": "x", "content": {"application/json":
                {"schema": {"$ref": "#/components/schemas/N0"}}}}}}}},
             "components": {"schemas": {"A": {"$ref": "#/components/schemas/B"}, "B": {"$ref": "#/components/schemas/A"},
               "N2000": {"type": "string"}\(chain)}}}
            """

        // When
        let (files, warnings) = try generate(document)

        // Then
        XCTAssertTrue(modern(files["API+Models.swift"]).contains("public typealias A = JSONValue"))
        XCTAssertEqual(
            Set(warnings.map(\.pointer)),
            [
                "/components/schemas/A", "/components/schemas/B", "/paths/~1c",
                "/paths/~1b/get/responses/200/content/application~1json/schema/items",
            ])
        XCTAssertTrue(modern(files["API.swift"]).contains("case n\n"))
    }

    func test_notAnOpenAPI3Document_isAnError() {
        XCTAssertThrowsError(try generate(#"{"swagger": "2.0", "info": {}}"#)) { error in
            XCTAssertTrue("\(error)".contains("Swagger 2.0 is not supported"), "\(error)")
        }
    }

    func test_internalAccess_andAnotherName_areWrittenEverywhere() throws {
        // When
        let files = try Generator.generate(
            try JSONReader.read(Array(try petsDocument().utf8)),
            options: GeneratorOptions(name: "Clinic", isPublic: false)
        ).files

        // Then
        XCTAssertEqual(files.map(\.name).first, "Clinic.swift")
        XCTAssertFalse(files.contains { $0.contents.contains("public ") })
    }

    func test_pathParameters_areEscapedValueByValue_andThePathSaysItIsPercentEncoded() throws {
        // Given: a matrix list of strings whose name needs escaping, a string with a `%` in the template
        let document = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/files/100%/{name}/{a b}/{n}": {"get": {"operationId": "get", "parameters": [
                {"name": "name", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "a b", "in": "path", "required": true, "style": "matrix", "explode": true,
                 "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "n", "in": "path", "required": true, "schema": {"type": "integer"}}],
                "responses": {"204": {"description": "OK"}}}}}}
            """

        // When
        let generated = try generate(document).files
        let target = modern(generated["API+TargetType.swift"])

        // Then: strings escaped, numbers as they are, the name escaped once when generated
        XCTAssertTrue(
            target.contains(
                #""/files/100%25/\(PathSegment.escaped(name))/\(";a%20b=" + aB.map { PathSegment.escaped($0) }"#
                    + #".joined(separator: ";a%20b="))/\(n)""#), target)
        XCTAssertTrue(target.contains("public var pathIsPercentEncoded: Bool { true }"), target)
        XCTAssertTrue(modern(generated["API+Support.swift"]).contains("enum PathSegment {"))
    }

    func test_queryWrittenIntoAPathKey_isSentAsAQuery_notAsAnEscapedPath() throws {
        // Given: OpenAI's beta operations are keyed `/responses?beta=true`
        let document = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/responses?beta=true": {"post": {"operationId": "createBeta", "parameters": [
                {"name": "limit", "in": "query", "schema": {"type": "integer"}}],
                "responses": {"204": {"description": "OK"}}}}}}
            """

        // When
        let target = modern(try generate(document).files["API+TargetType.swift"])

        // Then
        XCTAssertTrue(target.contains(#"case .createBeta: "/responses""#), target)
        XCTAssertTrue(target.contains(#"query_["beta"] = "true""#), target)
        XCTAssertTrue(target.contains(#"query_["limit"] = limit"#), target)
    }

    func test_fragmentWrittenIntoAPathKey_isNotSent() throws {
        // Given: Box tells two operations on one path apart with a fragment
        let document = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/oauth2/token#refresh": {"post": {"operationId": "refresh",
                "responses": {"204": {"description": "OK"}}}}}}
            """

        // When
        let target = modern(try generate(document).files["API+TargetType.swift"])

        // Then
        XCTAssertTrue(target.contains(#"case .refresh: "/oauth2/token""#), target)
        XCTAssertFalse(target.contains("query_"), target)
    }
}
