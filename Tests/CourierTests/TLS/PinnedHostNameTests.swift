import XCTest

@testable import Courier

/// How pins are looked up: one form for every spelling of a DNS name (issue 21, item 2), on every
/// platform (issue 24, section 3).
final class PinnedHostNameTests: XCTestCase {
    func test_spellingsOfOneName_normalizeAlike() {
        // Given
        let spellings = ["api.example", "API.Example", "api.example.", "API.EXAMPLE."]

        // Then
        XCTAssertEqual(Set(spellings.map(PinnedHostName.normalized)), ["api.example"])
    }

    func test_unicodeName_normalizesToTheFormURLGives() throws {
        // Given
        let host = try XCTUnwrap(URL(string: "https://xn--bcher-kva.example/")?.host)

        // Then
        XCTAssertEqual(PinnedHostName.normalized("bücher.example"), PinnedHostName.normalized(host))
        XCTAssertEqual(PinnedHostName.normalized("BÜCHER.example."), "xn--bcher-kva.example")
    }

    func test_ipv6Brackets_andOnlyOneTrailingDot_areDropped() {
        XCTAssertEqual(PinnedHostName.normalized("[::1]"), "::1")
        XCTAssertEqual(PinnedHostName.normalized("a.example.."), "a.example.")
    }

    /// Found by the host-name fuzz harness (Tests/Fuzz): `[Y:1].` normalized to `[y:1]`, which
    /// normalized again to `y:1`: the brackets were looked at before the trailing dot was dropped,
    /// so a pin set for `[::1].` was never found for `[::1]`.
    func test_bracketedAddressWithATrailingDot_normalizesAsWithout() {
        XCTAssertEqual(PinnedHostName.normalized("[::1]."), "::1")
        XCTAssertEqual(PinnedHostName.normalized("[2001:DB8::1]."), "2001:db8::1")
        XCTAssertEqual(PinnedHostName.normalized("[Y:1]."), PinnedHostName.normalized("[y:1]"))
    }

    /// Found by the host-name fuzz harness (Tests/Fuzz): a Unicode name was handed to `URL` to be
    /// read as a host, so the URL delimiters in it cut it short. `bücher.example:443`,
    /// `bücher.example/x` and `user@bücher.example` all became `xn--bcher-kva.example`, where the
    /// same names in ASCII are kept whole: a pin set under such a key applied to another host.
    func test_unicodeNameWithURLDelimiters_isNeverCutToAHost() {
        for (name, expected) in [
            ("bücher.example:443", "xn--bcher-kva.example:443"),
            ("bücher.example/x", "xn--bcher-kva.example/x"),
            ("user@bücher.example", "xn--user@bcher-feb.example"),
        ] {
            let normalized = PinnedHostName.normalized(name)
            XCTAssertEqual(normalized, expected, name)
            XCTAssertEqual(PinnedHostName.normalized(normalized), normalized, name)
        }
        XCTAssertNil(PublicKeyPins(["bücher.example:443": ["sha256//A"]]).hashes(for: "bücher.example"))
    }

    func test_ipAddresses_normalizeToTheirStandardForm_inEverySpellingLibcurlTakes() {
        for spelling in ["127.0.0.1", "127.1", "2130706433", "0x7f.0.0.1", "0177.0.0.1", "127.0.0.1."] {
            XCTAssertEqual(PinnedHostName.normalized(spelling), "127.0.0.1", spelling)
        }
        for spelling in ["[::1]", "::1", "[0:0:0:0:0:0:0:1]", "[::0001]", "::1%eth0"] {
            XCTAssertEqual(PinnedHostName.normalized(spelling), "::1", spelling)
        }
        XCTAssertEqual(PinnedHostName.normalized("[2001:DB8::1]"), "2001:db8::1")
        XCTAssertEqual(PinnedHostName.normalized("1.example"), "1.example")
        XCTAssertEqual(PinnedHostName.normalized("api.example.com"), "api.example.com")
    }

    func test_ownIDNA_agreesWithFoundationsURL_whereURLGivesOne() throws {
        // Given: names people write; Courier's own form serves where URL(string:) refuses Unicode
        // hosts (iOS 16, macOS 13), and must then name the host requests connect to
        let names = [
            "bücher.example", "BÜCHER.Example", "café.fr", "münchen-ost.de", "中文.cn", "日本語。ＪＰ", "ａｂｃ.com",
            "e\u{301}.example", "ΣΊΣΥΦΟΣ.gr", "straße.de", "faß.de", "παράδειγμα.δοκιμή", "пример.рф", "مثال.إختبار",
        ]

        for name in names {
            guard let foundation = URL(string: "https://\(name)/")?.host, foundation.utf8.allSatisfy({ $0 < 0x80 })
            else { continue }  // this Foundation gives no IDNA form (Apple, before iOS 17 and macOS 14)

            // Then
            XCTAssertEqual(PinnedHostName.ownASCIIForm(of: name), foundation.lowercased(), name)
        }
    }

    func test_punycode_encodesRFC3492sSamples() {
        // Given: RFC 3492 §7.1 (A), (B), (L), and labels of the IDNA names above
        let samples = [
            (
                "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}"
                    + "\u{631}\u{628}\u{64A}\u{61F}", "egbpdaj6bu4bxfgehfvwxn"
            ),
            ("\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}", "ihqwcrb4cv8a8dqg056pqjye"),
            ("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", "3B-ww4c5e180e575a65lsy2b"),
            ("bücher", "bcher-kva"),
            ("münchen-ost", "mnchen-ost-9db"),
        ]

        // Then
        for (label, encoded) in samples {
            XCTAssertEqual(Punycode.encode(label), encoded, label)
        }
        XCTAssertNil(Punycode.encode(String(repeating: "ü", count: 256)))
    }

    #if os(Linux)
        func test_curlSettingsLookUp_everySpelling_andFallBackToTheWildcard() {
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
    #endif
}
