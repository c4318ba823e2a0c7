import CourierTestSupport
import XCTest

@testable import Courier

/// The policies a target declares: what each one reuses, and when it asks the server.
final class CachePolicyTests: XCTestCase {
    func test_none_neverLooksUpNorStores() {
        // Given
        let driver = CacheDriver()
        driver.policy = .none
        driver.serve(["Cache-Control": "max-age=600"])

        // When
        driver.fetch()
        let second = driver.fetch()

        // Then
        XCTAssertEqual(second.source, .network)
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
    }

    func test_none_ignoresEvenAnAnswerStoredByAnotherTarget() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=600"])
        driver.fetch()

        // When
        driver.policy = .none
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .network)
    }

    func test_alwaysRevalidate_asksEveryTime_andA304AnswersTheStoredBody() {
        // Given
        let driver = CacheDriver()
        driver.policy = .alwaysRevalidate
        driver.serve(["Cache-Control": "max-age=600", "ETag": "\"1\""], body: "large body")
        driver.fetch()

        // When
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .validated(etag: true))
        XCTAssertEqual(answer.text, "large body")
        XCTAssertEqual(driver.sentCount, 2)
    }

    func test_alwaysRevalidate_reusesAFreshImmutableAnswer() {
        // Given
        let driver = CacheDriver()
        driver.policy = .alwaysRevalidate
        driver.serve(["Cache-Control": "max-age=600, immutable", "ETag": "\"1\""])
        driver.fetch()

        // When
        let fresh = driver.fetch()
        let askedFor = driver.fetch(headers: ["Cache-Control": "no-cache"])

        // Then
        XCTAssertEqual(fresh.source, .cache(.fresh))
        XCTAssertEqual(askedFor.source, .validated(etag: true))
    }

    func test_immutable_underHTTPSemantics_isStillValidatedOnceStale() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10, immutable", "ETag": "\"1\""])
        driver.fetch()

        // When
        driver.advance(11)

        // Then
        XCTAssertEqual(driver.fetch().source, .validated(etag: true))
    }

    func test_returnCacheElseLoad_usesAnyStoredAnswer_howeverOldOrStrict() {
        // Given
        let driver = CacheDriver()
        driver.policy = .returnCacheElseLoad
        driver.serve(["Cache-Control": "no-cache, must-revalidate", "ETag": "x"], body: "kept")
        driver.fetch()
        driver.advance(365 * 86_400)

        // When
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .cache(.stale))
        XCTAssertEqual(answer.text, "kept")
        XCTAssertEqual(driver.sentCount, 1)
    }

    func test_returnCacheElseLoad_stillHonoursTheRequestsNoCache() {
        // Given
        let driver = CacheDriver()
        driver.policy = .returnCacheElseLoad
        driver.serve(["ETag": "x"])
        driver.fetch()

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Cache-Control": "no-cache"]).source, .validated(etag: true))
    }

    func test_returnCacheThenRefresh_answersStaleAtOnce_andRefreshesForTheNextRequest() {
        // Given
        let driver = CacheDriver()
        driver.policy = .returnCacheThenRefresh
        driver.serve(["Cache-Control": "max-age=10"], body: "old")
        driver.fetch()
        driver.advance(3600)
        driver.serve(["Cache-Control": "max-age=10"], body: "new")

        // When
        let now = driver.fetch()
        driver.runBackgroundRevalidations()
        let next = driver.fetch()

        // Then
        XCTAssertEqual(now.text, "old")
        XCTAssertEqual(now.source, .cache(.stale))
        XCTAssertEqual(next.text, "new")
        XCTAssertEqual(next.source, .cache(.fresh))
    }

    func test_offlineFallback_behavesAsHTTPSemanticsWhileOnline() {
        // Given
        let driver = CacheDriver()
        driver.policy = .offlineFallback
        driver.serve(["Cache-Control": "max-age=10", "ETag": "e"])
        driver.fetch()

        // When / Then
        XCTAssertEqual(driver.fetch().source, .cache(.fresh))
        driver.advance(11)
        XCTAssertEqual(driver.fetch().source, .validated(etag: true))
    }

    func test_withOfflineFallback_composes_andNoneStaysNone() {
        XCTAssertEqual(CachePolicy.httpSemantics.withOfflineFallback(), .offlineFallback)
        XCTAssertEqual(CachePolicy.none.withOfflineFallback(), .none)
        XCTAssertEqual(
            CachePolicy.alwaysRevalidate.withOfflineFallback().description, ".alwaysRevalidate.withOfflineFallback()")
        XCTAssertEqual(CachePolicy.offlineFallback.description, ".offlineFallback")
        XCTAssertFalse(CachePolicy.none.usesCache)
    }

    func test_onlyGET_isLookedUp() {
        // Given
        let cache = HTTPCache()
        var request = URLRequest(url: URL(string: "https://api.example.com/x")!)
        request.httpMethod = "POST"

        // When
        let lookup = cache.lookup(for: request, policy: .httpSemantics)

        // Then
        guard case .send(let sent) = lookup else { return XCTFail("a POST was looked up") }
        XCTAssertEqual(sent, request)
    }

    func test_GETWithABody_isNeitherStoredNorAnswered() {
        // Given: a stored answer to a plain GET of the same URL
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=600"], body: "plain")
        driver.fetch()
        var request = URLRequest(url: CacheDriver.origin.appendingPathComponent("/resource"))
        request.httpBody = Data("{\"query\":1}".utf8)

        // When
        let lookup = driver.cache.lookup(for: request, policy: .httpSemantics)
        let storability = driver.cache.store(
            statusCode: 200, headerFields: ["Cache-Control": "max-age=600"], body: Data("with body".utf8), for: request,
            policy: .httpSemantics)

        // Then
        guard case .send = lookup else { return XCTFail("a GET with a body was answered from the cache") }
        XCTAssertNotEqual(storability, .storable)
        XCTAssertEqual(driver.fetch().text, "plain")
        XCTAssertNil(driver.cache.coalescingKey(for: request))
    }
}
