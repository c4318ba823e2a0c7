#if os(Linux)
    import XCTest

    @testable import Courier

    /// How pins are looked up: one form for every spelling of a DNS name (issue 21, item 2).
    final class PinnedHostNameTests: XCTestCase {
        func test_spellingsOfOneName_normalizeAlike() {
            // Given
            let spellings = ["api.example", "API.Example", "api.example.", "API.EXAMPLE."]

            // Then
            XCTAssertEqual(Set(spellings.map(PinnedHostName.normalized)), ["api.example"])
        }

        func test_unicodeName_normalizesToTheFormURLGives() throws {
            // Given
            let host = try XCTUnwrap(URL(string: "https://bücher.example/")?.host)

            // Then
            XCTAssertEqual(PinnedHostName.normalized("bücher.example"), PinnedHostName.normalized(host))
            XCTAssertEqual(PinnedHostName.normalized("BÜCHER.example."), "xn--bcher-kva.example")
        }

        func test_ipv6Brackets_andOnlyOneTrailingDot_areDropped() {
            XCTAssertEqual(PinnedHostName.normalized("[::1]"), "::1")
            XCTAssertEqual(PinnedHostName.normalized("a.example.."), "a.example.")
        }

        func test_settingsLookUp_everySpelling_andFallBackToTheWildcard() {
            // Given
            var configuration = CurlTransport.Configuration.default
            configuration.pinnedPublicKeys = ["Bücher.Example.": ["A"], "*": ["B"], "empty.example": []]
            let settings = CurlSettings(configuration)

            // Then
            XCTAssertEqual(settings.pins(for: "xn--bcher-kva.example"), "sha256//A")
            XCTAssertEqual(settings.pins(for: "XN--BCHER-KVA.EXAMPLE."), "sha256//A")
            XCTAssertEqual(settings.pins(for: "other.example"), "sha256//B")
            XCTAssertEqual(settings.pins(for: "empty.example"), "sha256//B")
        }
    }
#endif
