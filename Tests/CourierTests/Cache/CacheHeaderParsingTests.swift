import CourierTestSupport
import XCTest

@testable import Courier

/// `Cache-Control`, `Age` and HTTP dates as servers really send them: duplicated, garbled, huge.
/// Whatever arrives, parsing ends, never traps, and reads the most restrictive meaning.
final class CacheHeaderParsingTests: XCTestCase {
    func test_directives_areCaseInsensitive_andTakeTokenOrQuotedArguments() {
        // When
        let control = CacheControl(#"Max-Age="60", NO-CACHE="Set-Cookie, X", Private, immutable"#, isRequest: false)

        // Then
        XCTAssertEqual(control.maxAge, 60)
        XCTAssertTrue(control.noCache)
        XCTAssertTrue(control.isPrivate)
        XCTAssertTrue(control.immutable)
    }

    func test_duplicatedResponseMaxAge_withDifferentValues_isStale_withTheSameValueIsKept() {
        XCTAssertEqual(CacheControl("max-age=60, max-age=3600", isRequest: false).maxAge, 0)
        XCTAssertEqual(CacheControl("max-age=60, max-age=60", isRequest: false).maxAge, 60)
    }

    func test_invalidResponseMaxAge_isStale() {
        for value in ["max-age=abc", "max-age=-1", "max-age=", "max-age", "max-age=1.5", "max-age=+5"] {
            XCTAssertEqual(CacheControl(value, isRequest: false).maxAge, 0, value)
        }
    }

    func test_duplicatedRequestLimits_keepTheStrictest() {
        // When
        let control = CacheControl(
            "max-age=60, max-age=10, min-fresh=5, min-fresh=50, max-stale=9, max-stale", isRequest: true)

        // Then
        XCTAssertEqual(control.maxAge, 10)
        XCTAssertEqual(control.minFresh, 50)
        XCTAssertEqual(control.maxStale, 9)
    }

    func test_invalidPermissions_grantNothing() {
        // When
        let control = CacheControl("max-stale=x, stale-if-error=never, stale-while-revalidate=-3", isRequest: true)

        // Then
        XCTAssertNil(control.maxStale)
        XCTAssertNil(control.staleIfError)
        XCTAssertNil(control.staleWhileRevalidate)
    }

    func test_numbersBeyondTheRange_saturateAtTwoToThe31() {
        XCTAssertEqual(CacheControl.deltaSeconds("99999999999999999999999999999999"), 2_147_483_648)
        XCTAssertEqual(CacheControl.deltaSeconds("2147483647"), 2_147_483_647)
        XCTAssertEqual(Freshness.ageValue("99999999999999999999"), 2_147_483_648)
    }

    func test_ageField_usesItsFirstMember_andIgnoresGarbage() {
        XCTAssertEqual(Freshness.ageValue("30, 60"), 30)
        XCTAssertEqual(Freshness.ageValue("abc"), 0)
        XCTAssertEqual(Freshness.ageValue(nil), 0)
    }

    func test_responseFacts_readFieldsInAnyCase_preferringTheUsualSpelling() throws {
        // Given
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"

        // When
        let lowercase = ResponseFacts([
            "age": "7", "etag": "\"x\"", "expires": "0", "date": date, "cache-control": "max-age=5",
        ])
        let both = ResponseFacts(["cache-control": "max-age=5", "Cache-Control": "no-store", "Age": "3", "aGE": "9"])
        let none = ResponseFacts(["X-Age": "7", "Dates": date, "Last-Modifiedx": date])

        // Then
        XCTAssertEqual(lowercase.age, 7)
        XCTAssertTrue(lowercase.hasValidators)
        XCTAssertEqual(lowercase.expiry, .invalid)
        XCTAssertEqual(lowercase.date, HTTPDate.parse(date))
        XCTAssertEqual(lowercase.control.maxAge, 5)
        XCTAssertTrue(both.control.noStore)
        XCTAssertNil(both.control.maxAge)
        XCTAssertEqual(both.age, 3)
        XCTAssertEqual(none.age, 0)
        XCTAssertNil(none.date)
        XCTAssertNil(none.lastModified)
        XCTAssertFalse(none.hasValidators)
        XCTAssertEqual(none.expiry, .absent)
        XCTAssertEqual(lowercase.eTag, "\"x\"")
        XCTAssertNil(none.eTag)
        XCTAssertNil(none.lastModifiedField)
    }

    func test_responseFacts_keepTheValidatorsAsSent_evenALastModifiedThatIsNoDate() {
        // When
        let facts = ResponseFacts(["last-modified": "yesterday", "ETag": "W/\"v\""])

        // Then
        XCTAssertEqual(facts.lastModifiedField, "yesterday")
        XCTAssertNil(facts.lastModified)
        XCTAssertEqual(facts.eTag, "W/\"v\"")
        XCTAssertTrue(facts.hasValidators)
        XCTAssertTrue(ResponseFacts(["Last-Modified": "yesterday"]).hasValidators)
    }

    func test_trimmingSpaces_dropsSpacesAndTabsAtBothEndsOnly() {
        XCTAssertEqual(" \t W/\"a b\" \t ".trimmingSpaces(), "W/\"a b\"")
        XCTAssertEqual("x".trimmingSpaces(), "x")
        XCTAssertEqual(" \t ".trimmingSpaces(), "")
        XCTAssertEqual("".trimmingSpaces(), "")
        XCTAssertEqual("\u{A0}é\n".trimmingSpaces(), "\u{A0}é\n", "only HTTP's two whitespace bytes are trimmed")
        XCTAssertEqual("a, b ".split(separator: ",")[1].trimmingSpaces(), "b")
    }

    func test_weakAndStrongTags_agreeAfterSpaces_andAWeakPrefixIsCaseSensitive() {
        XCTAssertTrue(HTTPCache.validatorsAgree(stored: ["ETag": " W/\"x\" "], notModified: ["ETag": "\t\"x\""]))
        XCTAssertFalse(HTTPCache.validatorsAgree(stored: ["ETag": "w/\"x\""], notModified: ["ETag": "\"x\""]))
        XCTAssertFalse(HTTPCache.validatorsAgree(stored: ["ETag": "W\"x\""], notModified: ["ETag": "\"x\""]))
    }

    func test_commasInsideQuotes_doNotSplitDirectives() {
        // When
        let directives = CacheControl.directives(in: #"private="a, b", max-age=5, , ,ext="\"x\"""#)

        // Then
        XCTAssertEqual(directives.map(\.name), ["private", "max-age", "ext"])
        XCTAssertEqual(directives.first?.argument, "a, b")
        XCTAssertEqual(directives.last?.argument, #""x""#)
    }

    func test_garbage_neverTraps() {
        // Given
        var generator = SeededGenerator(seed: 23)
        let alphabet = Array(#"max-age=no-cache,"\ =;stale-if-error0123456789 \#t\#u{0}é"#)

        // When / Then: ten thousand random fields parse to something
        for _ in 0..<10_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let field = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "," })
            _ = CacheControl(field, isRequest: Bool.random(using: &generator))
            _ = HTTPDate.parse(field)
            _ = Freshness.ageValue(field)
        }
    }

    func test_httpDate_readsAllThreeForms() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), expected)
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT"), expected)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), expected)
    }

    func test_httpDate_refusesInvalidDates() {
        for text in [
            "0", "", "-1", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT", "tomorrow",
            "Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
        ] {
            XCTAssertNil(HTTPDate.parse(text), text)
        }
    }

    /// Found by the http-date fuzz harness: the leap second ending 9999 is an instant of year
    /// 10000, which was read, and written back as a date no parser reads.
    func test_httpDate_leapSecondPastYear9999_isRefused_andTheOneBeforeReadsBack() throws {
        XCTAssertNil(HTTPDate.parse("Fri, 31 Dec 9999 23:59:60 GMT"))
        let last = try XCTUnwrap(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT"))
        XCTAssertEqual(HTTPDate.parse(HTTPDate.format(last)), last)
    }

    func test_httpDate_formatsIMFFixdate_andReadsItBack() {
        // Given
        let dates = [0, 784_111_777, 951_782_400, 4_102_444_799, -86_400].map { Date(timeIntervalSince1970: $0) }

        // When / Then
        XCTAssertEqual(HTTPDate.format(dates[1]), "Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertEqual(HTTPDate.format(dates[2]), "Tue, 29 Feb 2000 00:00:00 GMT")
        for date in dates {
            XCTAssertEqual(HTTPDate.parse(HTTPDate.format(date)), date)
        }
    }

    /// Found by the http-date fuzz harness (Tests/Fuzz): `Sat, 31 Dec 0216 23:51:60 GMT` was read
    /// and written back as `Tue, 31 Dec 216 23:52:00 GMT`, a year of three digits that no HTTP date
    /// has and that the parser refuses.
    func test_httpDate_yearsBeforeOneThousand_areWrittenWithFourDigits_andReadBack() {
        // Given
        let dates = [-55_319_328_480, -30_641_760_000, -62_135_596_800].map { Date(timeIntervalSince1970: $0) }

        // When / Then
        XCTAssertEqual(HTTPDate.format(dates[0]), "Tue, 31 Dec 0216 23:52:00 GMT")
        XCTAssertEqual(HTTPDate.format(dates[1]), "Tue, 01 Jan 0999 00:00:00 GMT")
        XCTAssertEqual(HTTPDate.format(dates[2]), "Mon, 01 Jan 0001 00:00:00 GMT")
        for date in dates {
            XCTAssertEqual(HTTPDate.parse(HTTPDate.format(date)), date)
        }
    }
}
