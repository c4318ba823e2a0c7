import CourierOpenAPIKit
import XCTest

/// courier-openapi reads YAML documents with Courier's own YAML reader, to the same value as the
/// JSON of the same document, so the same Swift comes out.
final class YAMLDocumentTests: XCTestCase {
    private let yaml = """
        # A small API as a person writes it in YAML: comments, a block scalar, an anchor and a merge key.
        openapi: 3.0.3
        info:
          title: Notes
          version: "1.0"
          description: |
            Notes, kept
            for later.
        paths:
          /notes/{id}:
            get:
              operationId: getNote
              summary: >-
                One note,
                by its id.
              parameters:
                - &id
                  name: id
                  in: path
                  required: true
                  schema: {type: integer, format: int64}
              responses:
                '200':
                  description: The note.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Note'}
            delete:
              operationId: deleteNote
              parameters: [*id]
              responses:
                '204': {description: Gone.}
        components:
          schemas:
            Stamped: &stamped
              type: object
              required: [id]
              properties:
                id: {type: integer, format: int64}
            Note:
              <<: *stamped
              properties:
                id: {type: integer, format: int64}
                text: {type: string, example: Buy milk}
        """

    private let json = """
        {"openapi": "3.0.3",
         "info": {"title": "Notes", "version": "1.0", "description": "Notes, kept\\nfor later.\\n"},
         "paths": {"/notes/{id}": {
           "get": {"operationId": "getNote", "summary": "One note, by its id.",
                   "parameters": [{"name": "id", "in": "path", "required": true,
                                   "schema": {"type": "integer", "format": "int64"}}],
                   "responses": {"200": {"description": "The note.", "content": {"application/json":
                                   {"schema": {"$ref": "#/components/schemas/Note"}}}}}},
           "delete": {"operationId": "deleteNote",
                      "parameters": [{"name": "id", "in": "path", "required": true,
                                      "schema": {"type": "integer", "format": "int64"}}],
                      "responses": {"204": {"description": "Gone."}}}}},
         "components": {"schemas": {
           "Stamped": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "format": "int64"}}},
           "Note": {"type": "object", "required": ["id"],
                    "properties": {"id": {"type": "integer", "format": "int64"},
                                   "text": {"type": "string", "example": "Buy milk"}}}}}}
        """

    func test_yamlDocument_generatesWhatItsJSONGenerates() throws {
        // Given: the same document in YAML and in JSON
        let fromYAML = try DocumentReader.read(Array(yaml.utf8))
        let fromJSON = try DocumentReader.read(Array(json.utf8))

        // When
        let yamlFiles = try Generator.generate(fromYAML, options: GeneratorOptions(name: "Notes")).files
        let jsonFiles = try Generator.generate(fromJSON, options: GeneratorOptions(name: "Notes")).files

        // Then: one value, so the same bytes, with both operations
        XCTAssertEqual(fromYAML, fromJSON)
        XCTAssertEqual(yamlFiles.map(\.contents), jsonFiles.map(\.contents))
        let enumFile = try XCTUnwrap(yamlFiles.first { $0.name == "Notes.swift" }?.contents)
        XCTAssertTrue(enumFile.contains("case getNote(id: Int)"), enumFile)
        XCTAssertTrue(enumFile.contains("case deleteNote(id: Int)"), enumFile)
    }

    func test_everyTestDocument_readsAsYAMLToTheValueItReadsAsJSON() throws {
        // Given: the JSON test documents, which are YAML 1.2 flow documents too
        let folder = GeneratedClients.documentsFolder
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertFalse(names.isEmpty)

        for name in names.sorted() {
            // When
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))

            // Then
            XCTAssertEqual(try YAMLReader.read(bytes), try JSONReader.read(bytes), name)
        }
    }

    func test_badYAML_isAnErrorWithItsLineAndColumn() {
        // Given: a mapping whose second key repeats the first
        let bytes = Array("openapi: 3.0.3\ninfo: {title: A, version: '1'}\nopenapi: 3.1.0\n".utf8)

        // Then
        XCTAssertThrowsError(try DocumentReader.read(bytes)) { error in
            let readError = error as? DocumentReadError
            XCTAssertEqual(readError?.line, 3, "\(error)")
            XCTAssertEqual(readError?.column, 1, "\(error)")
        }
    }
}
