import XCTest

@testable import CourierOpenAPIKit

/// Sample strings for schemas with a `pattern`: found with the judge on Twilio's document, whose
/// ids are `^AC[0-9a-fA-F]{32}$` and whose requests all failed with `stringxxx…` values.
final class PatternSampleTests: XCTestCase {
    func test_patternsDocumentsUse_giveASampleThatMatches() throws {
        for (pattern, expected) in [
            ("^AC[0-9a-fA-F]{32}$", "AC" + String(repeating: "0", count: 32)),
            (#"^v\d+$"#, "v0"),
            ("^(draft|published)$", "draft"),
            ("^[^@]+@example\\.com$", "a@example.com"),
            ("^[A-Z]{2}(?:-[A-Z]{2})?$", "AA"),
            (#"^\+[1-9]\d{1,14}$"#, "+10"),
            ("^(?<year>[0-9]{4})-[0-9]{2}$", "0000-00"),
        ] {
            let sample = try XCTUnwrap(PatternSample.make(pattern, minLength: nil, maxLength: nil), pattern)
            XCTAssertEqual(sample, expected, pattern)
            XCTAssertTrue(PatternSample.matches(sample, pattern), pattern)
        }
    }

    func test_minLength_growsWhatMayRepeat() throws {
        let sample = try XCTUnwrap(PatternSample.make("^[a-z]+[0-9]*$", minLength: 6, maxLength: nil))
        XCTAssertEqual(sample.count, 6)
        XCTAssertTrue(PatternSample.matches(sample, "^[a-z]+[0-9]*$"))
    }

    func test_whatItCannotRead_orCannotFit_givesNoSample() {
        XCTAssertNil(PatternSample.make("^(?=.*[0-9])[a-z0-9]{8}$", minLength: nil, maxLength: nil))
        XCTAssertNil(PatternSample.make(#"^(a)\1$"#, minLength: nil, maxLength: nil))
        XCTAssertNil(PatternSample.make("^[a-z]{10}$", minLength: nil, maxLength: 5))
        XCTAssertNil(
            PatternSample.make(
                String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40), minLength: nil,
                maxLength: nil))
        XCTAssertNil(PatternSample.make(String(repeating: "a", count: 1001), minLength: nil, maxLength: nil))
    }
}
