import CourierTestSupport
import XCTest

@testable import Courier

/// The request's own `Cache-Control` (RFC 9111 §5.2.1), the app's per-request word over any policy.
/// WPT `cc-request` is the reference.
final class CacheRequestDirectiveTests: XCTestCase {
    private func storedFresh(_ headers: [String: String] = ["Cache-Control": "max-age=3600"]) -> CacheDriver {
        let driver = CacheDriver()
        driver.serve(headers)
        driver.fetch()
        return driver
    }

    func test_requestMaxAgeZero_doesNotUseAFreshAnswer() {
        // Given
        let driver = storedFresh()

        // When
        let answer = driver.fetch(headers: ["Cache-Control": "max-age=0"])

        // Then
        XCTAssertEqual(answer.source, .network)
    }

    func test_requestMaxAge_olderAnswerIsNotUsed_youngerIs() {
        // Given
        let driver = storedFresh()
        driver.advance(5)

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Cache-Control": "max-age=1"]).source, .network)
        XCTAssertEqual(driver.fetch(headers: ["Cache-Control": "max-age=600"]).source, .cache(.fresh))
    }

    func test_requestMaxAge_smallerThanAgeHeader_goesToTheNetwork() {
        // Given
        let driver = storedFresh(["Cache-Control": "max-age=3600", "Age": "1800"])

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Cache-Control": "max-age=600"]).source, .network)
    }

    func test_maxStale_allowsAStaleAnswer_withinItsLimit() {
        // Given
        let driver = storedFresh(["Cache-Control": "max-age=1"])
        driver.advance(10)

        // When
        let within = driver.fetch(headers: ["Cache-Control": "max-stale=1000"])
        let beyond = driver.fetch(headers: ["Cache-Control": "max-stale=5"])

        // Then
        XCTAssertEqual(within.source, .cache(.stale))
        XCTAssertEqual(beyond.source, .network)
    }

    func test_maxStaleWithoutValue_acceptsAnyStaleness_butNotMustRevalidate() {
        // Given
        let driver = CacheDriver()
        driver.serve("/any", ["Cache-Control": "max-age=1500", "Age": "2000"])
        driver.serve("/strict", ["Cache-Control": "max-age=1, must-revalidate"])
        driver.fetch("/any")
        driver.fetch("/strict")
        driver.advance(100_000)

        // When / Then
        XCTAssertEqual(driver.fetch("/any", headers: ["Cache-Control": "max-stale"]).source, .cache(.stale))
        XCTAssertEqual(driver.fetch("/strict", headers: ["Cache-Control": "max-stale"]).source, .network)
    }

    func test_minFresh_refusesAnAnswerThatWillSoonBeStale() {
        // Given
        let driver = storedFresh(["Cache-Control": "max-age=1500", "Age": "1000"])

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Cache-Control": "min-fresh=1000"]).source, .network)
        XCTAssertEqual(driver.fetch(headers: ["Cache-Control": "min-fresh=100"]).source, .cache(.fresh))
    }

    func test_requestNoCache_revalidatesAFreshAnswer_withItsValidator() {
        // Given
        let driver = CacheDriver()
        driver.serve("/etag", ["Cache-Control": "max-age=3600", "ETag": "\"abc\""])
        driver.serve("/date", ["Cache-Control": "max-age=3600", "Last-Modified": driver.date(-10_000)])
        driver.serve("/none", ["Cache-Control": "max-age=3600"])
        for path in ["/etag", "/date", "/none"] { driver.fetch(path) }

        // When / Then
        XCTAssertEqual(driver.fetch("/etag", headers: ["Cache-Control": "no-cache"]).source, .validated(etag: true))
        XCTAssertEqual(driver.fetch("/date", headers: ["Cache-Control": "no-cache"]).source, .validated(etag: false))
        XCTAssertEqual(driver.fetch("/none", headers: ["Cache-Control": "no-cache"]).source, .network)
    }

    func test_pragmaNoCache_withoutCacheControl_actsAsNoCache() {
        // Given
        let driver = storedFresh()

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Pragma": "no-cache"]).source, .network)
        XCTAssertEqual(
            driver.fetch(headers: ["Pragma": "no-cache", "Cache-Control": "max-stale"]).source, .cache(.fresh))
    }

    func test_requestNoStore_neitherUsesNorStores() {
        // Given
        let driver = storedFresh()

        // When
        let answer = driver.fetch(headers: ["Cache-Control": "no-store"])
        driver.cache.removeAll()
        driver.fetch(headers: ["Cache-Control": "no-store"])

        // Then
        XCTAssertEqual(answer.source, .network)
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
    }

    func test_onlyIfCached_withNothingStored_answers504WithoutSending() {
        // Given
        let driver = CacheDriver()

        // When
        let answer = driver.fetch(headers: ["Cache-Control": "only-if-cached"])

        // Then
        XCTAssertEqual(answer.status, 504)
        XCTAssertEqual(answer.source, .cache(.unsatisfiable))
        XCTAssertTrue(answer.body.isEmpty)
        XCTAssertEqual(driver.sentCount, 0)
    }

    func test_onlyIfCached_usesAFreshAnswer_andAStaleOneOnlyWithMaxStale() {
        // Given
        let driver = storedFresh(["Cache-Control": "max-age=10", "ETag": "x"])

        // When
        let fresh = driver.fetch(headers: ["Cache-Control": "only-if-cached"])
        driver.advance(20)
        let refused = driver.fetch(headers: ["Cache-Control": "only-if-cached"])
        let forced = driver.fetch(headers: ["Cache-Control": "only-if-cached, max-stale"])

        // Then
        XCTAssertEqual(fresh.source, .cache(.fresh))
        XCTAssertEqual(refused.status, 504)
        XCTAssertEqual(forced.source, .cache(.stale))
        XCTAssertEqual(driver.sentCount, 1)
    }

    func test_requestWithItsOwnConditional_isPassedThrough() {
        // Given: the app validates its own copy
        let driver = storedFresh(["Cache-Control": "max-age=3600", "ETag": "\"v\""])

        // When
        let answer = driver.fetch(headers: ["If-None-Match": "\"mine\""])

        // Then
        XCTAssertEqual(answer.source, .network)
        XCTAssertEqual(driver.sent.last?.value(forHTTPHeaderField: "If-None-Match"), "\"mine\"")
    }
}
