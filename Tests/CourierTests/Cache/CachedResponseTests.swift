import CourierTestSupport
import CourierTesting
import XCTest

@testable import Courier

/// What the cache hands the pipeline, and what the pipeline hands the cache.
final class CachedResponseTests: XCTestCase {
    func test_cachedAnswer_becomesAnHTTPURLResponse_withItsFieldsAndAge() throws {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=60", "Content-Type": "application/json"], body: "{}")
        driver.fetch()
        driver.advance(7)

        // When
        guard
            case .answer(let cached) = driver.cache.lookup(
                for: URLRequest(url: CacheDriver.origin.appendingPathComponent("/resource")), policy: .httpSemantics)
        else { return XCTFail("expected a cached answer") }
        let response = try XCTUnwrap(cached.httpURLResponse)

        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.value(forHTTPHeaderField: "content-type"), "application/json")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Age"), "7")
        XCTAssertEqual(cached.body, Data("{}".utf8))
        XCTAssertEqual(cached.kind, .fresh)
    }

    func test_headerFieldsOfAnHTTPURLResponse_areWhatTheCacheStores() throws {
        // Given
        let response = try XCTUnwrap(
            HTTPURLResponse(
                url: CacheDriver.origin, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Cache-Control": "max-age=60", "ETag": "\"x\""]))

        // When
        let fields = HTTPCache.headerFields(of: response)

        // Then
        XCTAssertEqual(HTTPHeaders.value("cache-control", in: fields), "max-age=60")
        XCTAssertEqual(HTTPHeaders.value("etag", in: fields), "\"x\"")
    }

    func test_manualCacheClock_followsTheManualClock() {
        // Given
        let clock = ManualClock()
        let start = Date(timeIntervalSince1970: 1_000_000)
        let cacheClock = CacheClock.manual(clock, start: start)

        // When
        clock.advance(by: .milliseconds(2500))

        // Then
        XCTAssertEqual(cacheClock.now(), start.addingTimeInterval(2.5))
    }
}
