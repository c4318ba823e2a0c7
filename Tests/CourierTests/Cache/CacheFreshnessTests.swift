import CourierTestSupport
import XCTest

@testable import Courier

/// Freshness (RFC 9111 §4.2): what makes a stored answer reusable without asking the server, and
/// for how long. The WPT `fetch/http-cache/freshness` cases are the reference for the behaviours.
final class CacheFreshnessTests: XCTestCase {
    func test_maxAge_withinLifetime_answersFromCacheWithAge() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=3600"], body: "first")
        driver.fetch()

        // When
        driver.advance(100)
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .cache(.fresh))
        XCTAssertEqual(answer.text, "first")
        XCTAssertEqual(answer.header("Age"), "100")
        XCTAssertEqual(driver.sentCount, 1)
    }

    func test_maxAge_expired_sendsConditionalRequestWithETag() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=60", "ETag": "\"v1\""])
        driver.fetch()

        // When
        driver.advance(61)
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .validated(etag: true))
        XCTAssertEqual(driver.sent.last?.value(forHTTPHeaderField: "If-None-Match"), "\"v1\"")
    }

    func test_maxAgeZero_isNeverReusedWithoutAsking() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=0"])
        driver.fetch()

        // When
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .network)
        XCTAssertEqual(driver.sentCount, 2)
    }

    func test_futureExpires_isReused_pastPresentAndInvalidExpiresAreNot() {
        // Given
        let cases: [(String, CacheDriver.Source)] = [
            ("future", .cache(.fresh)), ("past", .network), ("present", .network), ("invalid", .network),
        ]
        for (name, expected) in cases {
            let driver = CacheDriver()
            let value = [
                "future": driver.date(30 * 86_400), "past": driver.date(-30 * 86_400), "present": driver.date(0),
            ]
            driver.serve(["Expires": value[name] ?? "0"])
            driver.fetch()

            // When
            let answer = driver.fetch()

            // Then
            XCTAssertEqual(answer.source, expected, "Expires \(name)")
        }
    }

    func test_maxAge_winsOverPastOrInvalidExpires_andZeroWinsOverFutureExpires() {
        // Given
        let driver = CacheDriver()
        driver.serve("/past", ["Cache-Control": "max-age=3600", "Expires": driver.date(-10_000)])
        driver.serve("/invalid", ["Cache-Control": "max-age=3600", "Expires": "0"])
        driver.serve("/zero", ["Cache-Control": "max-age=0", "Expires": driver.date(10_000)])
        for path in ["/past", "/invalid", "/zero"] { driver.fetch(path) }

        // When / Then
        XCTAssertEqual(driver.fetch("/past").source, .cache(.fresh))
        XCTAssertEqual(driver.fetch("/invalid").source, .cache(.fresh))
        XCTAssertEqual(driver.fetch("/zero").source, .network)
    }

    func test_sMaxage_isIgnoredByAPrivateCache() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=1, s-maxage=3600"])
        driver.fetch()

        // When
        driver.advance(2)

        // Then
        XCTAssertEqual(driver.fetch().source, .network)
    }

    func test_ageHeaderOlderThanLifetime_isStaleOnArrival() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=3600", "Age": "12000"])
        driver.fetch()

        // When / Then
        XCTAssertEqual(driver.fetch().source, .network)
    }

    func test_dateInThePast_countsAsApparentAge() {
        // Given: the server's clock says the answer is 50 s old when it arrives
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=60", "Date": driver.date(-50)])
        driver.fetch()

        // When
        driver.advance(11)

        // Then
        XCTAssertEqual(driver.fetch().source, .network)
    }

    func test_ageCalculation_addsTheRoundTripToTheAgeHeader() {
        // Given: sent at 0, answered at 10 with Age 5 (RFC 9111 §4.2.3: corrected_age_value = 15)
        let head = CacheEntry.Head(
            key: "GET https://a/", url: URL(string: "https://a/")!, statusCode: 200,
            headers: ["Age": "5", "Date": HTTPDate.format(Date(timeIntervalSince1970: 1010))], vary: [],
            credential: nil, requestTime: Date(timeIntervalSince1970: 1000),
            responseTime: Date(timeIntervalSince1970: 1010), bodyCount: 0)

        // When
        let age = Freshness.currentAge(of: head, now: Date(timeIntervalSince1970: 1030))

        // Then: 15 on arrival, plus 20 resident
        XCTAssertEqual(age, 35)
    }

    func test_noStore_isNeverStored_evenWithMaxAgeAndExpires() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10000, no-store", "Expires": driver.date(10_000)])
        driver.fetch()

        // When / Then
        XCTAssertEqual(driver.fetch().source, .network)
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
    }

    func test_noCacheResponse_isStoredButRevalidatedOnEveryUse() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10000, no-cache", "ETag": "abcd"])
        driver.fetch()

        // When
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .validated(etag: true))
    }

    func test_hugeMaxAge_saturatesInsteadOfOverflowing() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=99999999999999999999999999", "Age": "99999999999999999999"])
        driver.fetch()

        // When
        driver.advance(86_400 * 365)
        let answer = driver.fetch()

        // Then: 2^31 s of lifetime minus 2^31 s of age is stale, and nothing trapped
        XCTAssertEqual(answer.source, .network)
    }

    func test_hugeMaxAgeAlone_staysFreshForDecades() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=99999999999999999999"])
        driver.fetch()

        // When
        driver.advance(86_400 * 365 * 30)

        // Then
        XCTAssertEqual(driver.fetch().source, .cache(.fresh))
    }
}
