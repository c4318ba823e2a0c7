import CourierOpenAPIKit
import XCTest

final class CommandTests: XCTestCase {
    func test_generate_readsTheDocumentAndEveryOption() throws {
        // When
        let command = try Command.parse([
            "generate", "spec.yaml", "--output", "Generated", "--name", "Petstore", "--access", "internal", "--samples",
        ])

        // Then
        XCTAssertEqual(
            command,
            .generate(
                GenerateCommand(
                    specPath: "spec.yaml", outputPath: "Generated", name: "Petstore", isPublic: false,
                    emitsSamples: true)))
    }

    func test_help_isAnsweredFromAnyPlace() throws {
        XCTAssertEqual(try Command.parse(["--help"]), .help)
        XCTAssertEqual(try Command.parse(["generate", "-h"]), .help)
    }

    func test_mistakes_areNamed() {
        let cases: [([String], String)] = [
            ([], "no command given"),
            (["build"], "unknown command \"build\""),
            (["generate", "spec.json"], "--output DIR is required"),
            (["generate", "--output", "x"], "no document given"),
            (["generate", "a.json", "b.json", "--output", "x"], "more than one document given: b.json"),
            (
                ["generate", "a.json", "--output", "x", "--access", "open"],
                "--access is public or internal, not \"open\""
            ),
            (
                ["generate", "a.json", "--output", "x", "--name", "my-api"],
                "--name must be a Swift type name, not \"my-api\""
            ),
            (["generate", "a.json", "--output"], "--output needs a value"),
            (["generate", "a.json", "--output", "x", "--verbose"], "unknown option --verbose"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? CommandError)?.message, message)
            }
        }
    }
}
