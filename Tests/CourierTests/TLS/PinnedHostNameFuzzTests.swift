import XCTest

@testable import Courier

/// Host names the host-name fuzz harness (Tests/Fuzz) found, as regression tests.
final class PinnedHostNameFuzzTests: XCTestCase {
    /// A bracketed Unicode name of 256 scalars was too long for Punycode and kept as written; once
    /// its brackets were dropped it fitted, so normalizing it again gave another name.
    func test_unicodeNameJustTooLongForPunycode_inBrackets_normalizesToItself() {
        let host = "[2:" + String(repeating: "\u{FFFD}", count: 246) + ":0:0:1]"
        XCTAssertEqual(host.unicodeScalars.count, 256)
        let normalized = PinnedHostName.normalized(host)
        XCTAssertFalse(normalized.hasPrefix("["))
        XCTAssertEqual(PinnedHostName.normalized(normalized), normalized)
    }

    func test_unicodeNamesWithADotOrBrackets_normalizeToTheirIDNAFormWithoutThem() {
        XCTAssertEqual(PinnedHostName.normalized("Bücher.example."), "xn--bcher-kva.example")
        XCTAssertEqual(PinnedHostName.normalized("bücher.example\u{3002}"), "xn--bcher-kva.example")
        XCTAssertEqual(PinnedHostName.normalized("[bücher.example]"), "xn--bcher-kva.example")
    }
}
