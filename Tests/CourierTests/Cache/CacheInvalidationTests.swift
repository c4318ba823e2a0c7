import CourierTestSupport
import XCTest

@testable import Courier

/// Invalidation after unsafe methods (RFC 9111 §4.4) and clearing by the app. WPT `invalidate` is
/// the reference.
final class CacheInvalidationTests: XCTestCase {
    private func storedFresh(_ paths: [String] = ["/resource"]) -> CacheDriver {
        let driver = CacheDriver()
        for path in paths {
            driver.serve(path, ["Cache-Control": "max-age=100000"])
            driver.fetch(path)
        }
        return driver
    }

    func test_successfulUnsafeRequest_invalidatesItsURL_whateverTheMethod() {
        for method in ["POST", "PUT", "DELETE", "PATCH", "FOO"] {
            // Given
            let driver = storedFresh()

            // When
            driver.fetch(method: method)

            // Then
            XCTAssertEqual(driver.fetch().source, .network, method)
        }
    }

    func test_failedUnsafeRequest_invalidatesNothing() {
        // Given
        let driver = storedFresh()
        driver.serve("/resource", status: 500, [:])

        // When
        driver.fetch(method: "POST")

        // Then
        driver.serve("/resource", ["Cache-Control": "max-age=100000"])
        XCTAssertEqual(driver.fetch().source, .cache(.fresh))
    }

    func test_safeMethods_invalidateNothing() {
        for method in ["HEAD", "OPTIONS", "TRACE"] {
            // Given
            let driver = storedFresh()

            // When
            driver.fetch(method: method)

            // Then
            XCTAssertEqual(driver.fetch().source, .cache(.fresh), method)
        }
    }

    func test_unsafeRequest_invalidatesLocationAndContentLocation_ofTheSameOrigin() {
        // Given
        let driver = storedFresh(["/location_target", "/content_location_target", "/other"])
        driver.serve(
            "/post",
            [
                "Location": "location_target",
                "Content-Location": "https://api.example.com/content_location_target",
            ])

        // When
        driver.fetch("/post", method: "POST")

        // Then
        XCTAssertEqual(driver.fetch("/location_target").source, .network)
        XCTAssertEqual(driver.fetch("/content_location_target").source, .network)
        XCTAssertEqual(driver.fetch("/other").source, .cache(.fresh))
    }

    func test_unsafeRequest_neverInvalidatesAnotherOrigin() {
        // Given
        let driver = CacheDriver()
        let foreign = URL(string: "https://elsewhere.example/target")!
        driver.cache.script(foreign, headers: ["Cache-Control": "max-age=600"])
        driver.serve("/post", ["Location": foreign.absoluteString, "Content-Location": "http://api.example.com/x"])

        // When
        driver.fetch("/post", method: "POST")

        // Then
        guard case .answer = driver.cache.lookup(for: URLRequest(url: foreign), policy: .httpSemantics) else {
            return XCTFail("another origin's answer was removed")
        }
    }

    func test_invalidation_happensEvenUnderThePolicyNone() {
        // Given: a cached GET, and a POST from a target that caches nothing
        let driver = storedFresh()
        driver.policy = .none

        // When
        driver.fetch(method: "POST")

        // Then
        driver.policy = .httpSemantics
        XCTAssertEqual(driver.fetch().source, .network)
    }

    func test_removeResponsesForURL_removesEveryVariant_andNothingElse() {
        // Given
        let driver = storedFresh(["/a", "/b"])
        driver.serve("/a", ["Cache-Control": "max-age=600", "Vary": "Foo"])
        driver.fetch("/a", headers: ["Foo": "1"])

        // When
        driver.cache.removeResponses(for: URL(string: "https://API.example.com/a#fragment")!)

        // Then
        XCTAssertEqual(driver.fetch("/a", headers: ["Foo": "1"]).source, .network)
        XCTAssertEqual(driver.fetch("/b").source, .cache(.fresh))
    }

    func test_removeResponsesWhere_removesByPrefix_andMayCallTheCacheBack() {
        // Given
        let driver = storedFresh(["/v1/a", "/v1/b", "/v2/a"])

        // When
        driver.cache.removeResponses { url in
            _ = driver.cache.entryCounts  // calling back into the cache must not deadlock
            return url.path.hasPrefix("/v1/")
        }

        // Then
        XCTAssertEqual(driver.cache.entryCounts.memory, 1)
        XCTAssertEqual(driver.fetch("/v2/a").source, .cache(.fresh))
    }

    func test_removeAll_emptiesTheCache() {
        // Given
        let driver = storedFresh(["/a", "/b"])

        // When
        driver.cache.removeAll()

        // Then
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
        XCTAssertEqual(driver.fetch("/a").source, .network)
    }
}
