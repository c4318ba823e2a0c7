import XCTest

@testable import courier_demo

/// `--base-url` taken out of a subcommand's arguments, wherever it stands.
final class CommandWordsTests: XCTestCase {
    func test_split_takesTheBaseURLOut_beforeOrAfterTheCommand_inBothSpellings() throws {
        // When
        let before = try XCTUnwrap(CommandWords.split(["--base-url", "http://a", "cache"], for: "cache")).get()
        let after = try XCTUnwrap(CommandWords.split(["cache", "--base-url=http://b", "x"], for: "cache")).get()

        // Then
        XCTAssertEqual(before.words, ["cache"])
        XCTAssertEqual(before.baseURL, "http://a")
        XCTAssertEqual(after.words, ["cache", "x"])
        XCTAssertEqual(after.baseURL, "http://b")
    }

    func test_split_ofAnotherCommand_isNil_evenWithAMissingValue() {
        XCTAssertNil(CommandWords.split(["stream", "3"], for: "cache"))
        XCTAssertNil(CommandWords.split(["stream", "--base-url"], for: "cache"))
    }

    func test_split_withoutTheBaseURLsValue_isAUsageError() {
        // When
        let split = CommandWords.split(["cache", "--base-url"], for: "cache")

        // Then
        guard case .failure(let error) = split else {
            return XCTFail("expected a usage error, got \(String(describing: split))")
        }
        XCTAssertEqual(error.message, "--base-url needs a value")
    }
}
