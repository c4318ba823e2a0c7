import CourierTestSupport
import XCTest

@testable import Courier

/// Stale answers the server or the app allows: RFC 5861's `stale-while-revalidate` and
/// `stale-if-error`, and the offline fallback policy.
final class CacheStaleAnswerTests: XCTestCase {
    func test_staleWhileRevalidate_answersStaleNow_andRevalidatesOnceInTheBackground() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10, stale-while-revalidate=60", "ETag": "\"v1\""], body: "v1")
        driver.fetch()
        driver.advance(20)

        // When: three requests while the refresh has not run
        let answers = (0..<3).map { _ in driver.fetch() }

        // Then
        XCTAssertEqual(answers.map(\.source), Array(repeating: .cache(.stale), count: 3))
        XCTAssertEqual(driver.sentCount, 1)
        XCTAssertEqual(driver.runBackgroundRevalidations(), 1)
        XCTAssertEqual(driver.sent.last?.value(forHTTPHeaderField: "If-None-Match"), "\"v1\"")
        XCTAssertEqual(driver.fetch().source, .cache(.fresh))
    }

    func test_staleWhileRevalidate_pastItsWindow_validatesBeforeAnswering() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10, stale-while-revalidate=60", "ETag": "\"v1\""])
        driver.fetch()

        // When
        driver.advance(71)

        // Then
        XCTAssertEqual(driver.fetch().source, .validated(etag: true))
    }

    func test_lostBackgroundRevalidation_isStartedAgainAfterItsTimeout() {
        // Given: a refresh was asked for and never run
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10, stale-while-revalidate=600", "ETag": "e"])
        driver.fetch()
        driver.advance(20)
        driver.fetch()

        // When
        driver.advance(Int(HTTPCache.revalidationTimeout) + 1)
        driver.fetch()

        // Then
        XCTAssertEqual(driver.background.count, 2)
    }

    func test_staleIfError_answersStale_onConnectionFailureAndServerErrors_withinItsWindow() {
        for failure in [
            CacheDriver.Script(failsToConnect: true), CacheDriver.Script(status: 500), CacheDriver.Script(status: 503),
        ] {
            // Given
            let driver = CacheDriver()
            driver.serve(["Cache-Control": "max-age=10, stale-if-error=100"], body: "kept")
            driver.fetch()
            driver.advance(50)
            driver.serve(failure)

            // When
            let answer = driver.fetch()

            // Then
            XCTAssertEqual(answer.source, .cache(.staleAfterError))
            XCTAssertEqual(answer.text, "kept")
            XCTAssertEqual(answer.header("Age"), "50")
        }
    }

    func test_staleIfError_withMustRevalidateOrNoCache_givesTheFailure() {
        for directive in ["must-revalidate", "no-cache"] {
            for failure in [CacheDriver.Script(failsToConnect: true), CacheDriver.Script(status: 503)] {
                // Given
                let driver = CacheDriver()
                driver.serve(["Cache-Control": "max-age=10, \(directive), stale-if-error=3600"], body: "kept")
                driver.fetch()
                driver.advance(50)
                driver.serve(failure)

                // When
                let answer = driver.fetch()

                // Then
                XCTAssertEqual(answer.source, failure.failsToConnect ? .connectionFailed : .network, directive)
                XCTAssertNotEqual(answer.text, "kept", directive)
            }
        }
    }

    func test_staleIfError_beyondItsWindow_orOnAClientError_givesTheFailure() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10, stale-if-error=100"])
        driver.fetch()

        // When
        driver.advance(5)
        driver.serve(status: 404, [:])
        let notFound = driver.fetch(headers: ["Cache-Control": "no-cache"])
        driver.cache.script(
            CacheDriver.origin.appendingPathComponent("/resource"),
            headers: ["Cache-Control": "max-age=10, stale-if-error=100"])
        driver.advance(200)
        driver.serve(CacheDriver.Script(failsToConnect: true))
        let offline = driver.fetch()

        // Then
        XCTAssertEqual(notFound.source, .network)
        XCTAssertEqual(offline.source, .connectionFailed)
    }

    func test_requestStaleIfError_allowsStaleOnError_evenWhenTheServerDidNotSayIt() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10"])
        driver.fetch()
        driver.advance(30)
        driver.serve(CacheDriver.Script(status: 502))

        // When
        let answer = driver.fetch(headers: ["Cache-Control": "stale-if-error=60"])

        // Then
        XCTAssertEqual(answer.source, .cache(.staleAfterError))
    }

    func test_offlineFallback_answersAnyStaleAnswer_onConnectionFailure() {
        // Given: an answer stale for a week, and no network
        let driver = CacheDriver()
        driver.policy = .offlineFallback
        driver.serve(["Cache-Control": "no-cache"], body: "last seen")
        driver.fetch()
        driver.advance(7 * 86_400)
        driver.serve(CacheDriver.Script(failsToConnect: true))

        // When
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .cache(.staleAfterError))
        XCTAssertEqual(answer.text, "last seen")
    }

    func test_offlineFallback_respectsMustRevalidate_andServerErrors() {
        // Given
        let driver = CacheDriver()
        driver.policy = .offlineFallback
        driver.serve("/strict", ["Cache-Control": "max-age=1, must-revalidate"])
        driver.serve("/plain", ["Cache-Control": "max-age=1"])
        driver.fetch("/strict")
        driver.fetch("/plain")
        driver.advance(100)
        driver.serve("/strict", CacheDriver.Script(failsToConnect: true))
        driver.serve("/plain", CacheDriver.Script(status: 503))

        // When / Then
        XCTAssertEqual(driver.fetch("/strict").source, .connectionFailed)
        XCTAssertEqual(driver.fetch("/plain").source, .network)
    }

    func test_withoutOfflineFallback_aConnectionFailureIsReported() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=1"])
        driver.fetch()
        driver.advance(100)
        driver.serve(CacheDriver.Script(failsToConnect: true))

        // When / Then
        XCTAssertEqual(driver.fetch().source, .connectionFailed)
    }

    func test_connectionFailures_areTheNetworksAndTheOriginsWithoutAnAnswer_notTLS() {
        XCTAssertEqual(CacheFailure(URLError(.notConnectedToInternet)), .connection)
        XCTAssertEqual(CacheFailure(URLError(.timedOut)), .connection)
        XCTAssertEqual(CacheFailure(URLError(.networkConnectionLost)), .connection, "a reset")
        XCTAssertEqual(CacheFailure(URLError(.badServerResponse)), .connection, "an empty reply, a head cut short")
        XCTAssertNil(CacheFailure(URLError(.cannotDecodeContentData)), "the origin answered")
        XCTAssertEqual(CacheFailure(CourierError.underlying(URLError(.cannotConnectToHost), nil)), .connection)
        XCTAssertNil(CacheFailure(URLError(.cancelled)))
        XCTAssertNil(CacheFailure(URLError(.serverCertificateUntrusted)))
        XCTAssertNil(CacheFailure(CancellationError()))
    }
}
