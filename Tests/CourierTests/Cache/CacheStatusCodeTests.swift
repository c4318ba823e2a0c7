import CourierTestSupport
import XCTest

@testable import Courier

/// Which status codes are stored, with explicit freshness and with only a `Last-Modified`
/// (heuristic freshness, RFC 9111 §4.2.2). WPT `status` and `heuristic` are the reference.
final class CacheStatusCodeTests: XCTestCase {
    func test_anyFinalStatusWithExplicitFreshness_isReusedWhileFresh_andNotOnceStale() {
        for status in [200, 203, 204, 299, 400, 404, 410, 499, 500, 502, 503, 504, 599] {
            // Given
            let driver = CacheDriver()
            driver.serve(status: status, ["Cache-Control": "max-age=100"])
            driver.fetch()

            // When
            let fresh = driver.fetch()
            driver.advance(101)
            let stale = driver.fetch()

            // Then
            XCTAssertEqual(fresh.source, .cache(.fresh), "\(status) fresh")
            XCTAssertEqual(fresh.status, status)
            XCTAssertNotEqual(stale.source, .cache(.fresh), "\(status) stale")
        }
    }

    func test_heuristicallyCacheableStatus_withLastModified_isReusedForATenthOfItsAge() {
        for status in [200, 203, 204, 404, 405, 410, 414, 501] {
            // Given: modified 300 s before the answer, so fresh for 30 s
            let driver = CacheDriver()
            driver.serve(status: status, ["Last-Modified": driver.date(-300)])
            driver.fetch()

            // When
            driver.advance(29)
            let fresh = driver.fetch()
            driver.advance(2)
            let stale = driver.fetch()

            // Then
            XCTAssertEqual(fresh.source, .cache(.fresh), "\(status)")
            XCTAssertEqual(stale.source, .validated(etag: false), "\(status)")
        }
    }

    func test_otherStatus_withOnlyLastModified_isNotReused() {
        for status in [201, 202, 403, 502, 503, 504, 299] {
            // Given
            let driver = CacheDriver()
            driver.serve(status: status, ["Last-Modified": driver.date(-300)])
            driver.fetch()

            // When
            let answer = driver.fetch()

            // Then
            XCTAssertEqual(answer.source, .network, "\(status)")
        }
    }

    func test_unknownStatus_withPublicAndLastModified_getsHeuristicFreshness() {
        // Given
        let driver = CacheDriver()
        driver.serve(status: 299, ["Cache-Control": "public", "Last-Modified": driver.date(-300)])
        driver.fetch()

        // When / Then
        XCTAssertEqual(driver.fetch().source, .cache(.fresh))
    }

    func test_heuristicFreshness_isCapped() {
        // Given: modified ten years ago, cap one hour
        let driver = CacheDriver(configuration: .init(heuristicFreshnessLimit: 3600))
        driver.serve(["Last-Modified": driver.date(-10 * 365 * 86_400)])
        driver.fetch()

        // When
        driver.advance(3601)

        // Then
        XCTAssertEqual(driver.fetch().source, .validated(etag: false))
    }

    func test_partialContentAndInterimAnswers_areNeverStored() {
        // Given
        let request = URLRequest(url: URL(string: "https://api.example.com/x")!)
        for status in [101, 206, 304] {
            // When
            let storability = Storability.of(
                request: request, statusCode: status, headers: ["Cache-Control": "max-age=60"], bodyCount: 0,
                responseURL: nil, maximumEntrySize: 1000)

            // Then
            XCTAssertEqual(storability, .statusNotCached, "\(status)")
        }
    }

    func test_mustUnderstand_storesUnderstoodStatusDespiteNoStore_andRefusesOthers() {
        // Given
        let request = URLRequest(url: URL(string: "https://api.example.com/x")!)
        let headers = ["Cache-Control": "must-understand, no-store, max-age=60"]

        // When
        let understood = Storability.of(
            request: request, statusCode: 200, headers: headers, bodyCount: 0, responseURL: nil, maximumEntrySize: 10)
        let unknown = Storability.of(
            request: request, statusCode: 299, headers: headers, bodyCount: 0, responseURL: nil, maximumEntrySize: 10)

        // Then
        XCTAssertEqual(understood, .storable)
        XCTAssertEqual(unknown, .statusNotCached)
    }

    func test_responseWithNoFreshnessAndUncacheableStatus_isNotStored() {
        // Given
        let driver = CacheDriver()
        driver.serve(status: 201, [:])

        // When
        driver.fetch()

        // Then
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
    }
}
