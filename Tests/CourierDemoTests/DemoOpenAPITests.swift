import XCTest

@testable import courier_demo

/// `courier-demo openapi`: the client the build plugin generated, answering from the document's examples.
final class DemoOpenAPITests: XCTestCase {
    func test_openapi_sendsEachTypedTarget_andPrintsTheDocumentsExamplesDecoded() throws {
        // When
        let run = try DemoProcess.run(["openapi"])

        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        let output = run.standardOutput
        for line in [
            "GET https://petstore.example.com/v1/pets?limit=2&status=available,pending",
            "  #2 Tom, a cat, pending since 2026-11-20",
            "  #1 Rex, a dog, available since 2026-11-02 (friendly, trained), vaccinated on 2026-10-15",
            #"  body: {"name":"Bella","species":"dog","tags":["puppy"]}"#,
            "  → #3 Bella, a dog, available since 2026-12-06 (puppy)",
            "DELETE https://petstore.example.com/v1/pets/1",
            "  available 12, pending 3, sold 41",
        ] {
            XCTAssertTrue(output.contains(line + "\n"), "missing \(line):\n\(output)")
        }
    }

    func test_parse_findsTheOpenAPICommand_itsHelp_andRefusesArguments() throws {
        XCTAssertEqual(try PetstoreCommand.parse(["openapi"])?.get(), PetstoreCommand(showsHelp: false))
        XCTAssertEqual(try PetstoreCommand.parse(["openapi", "--help"])?.get(), PetstoreCommand(showsHelp: true))
        XCTAssertNil(PetstoreCommand.parse(["stream"]))
        XCTAssertThrowsError(try PetstoreCommand.parse(["openapi", "pets"])?.get())
    }
}
