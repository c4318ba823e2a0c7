import CourierTestSupport
import XCTest

@testable import Courier

/// Validation (RFC 9111 §4.3, §3.2): conditional requests from stored validators, and a `304` that
/// updates the stored fields and answers with the stored body. WPT `304-update` is the reference.
final class CacheValidationTests: XCTestCase {
    func test_staleAnswerWithLastModified_sendsIfModifiedSince_and304AnswersTheStoredBody() {
        // Given
        let driver = CacheDriver()
        let modified = driver.date(-3000)
        driver.serve(["Expires": driver.date(-5000), "Last-Modified": modified, "Test-Header": "A"], body: "stored")
        driver.fetch()

        // When
        driver.serve(["Expires": driver.date(-3000), "Last-Modified": modified, "Test-Header": "B"], body: "")
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(driver.sent.last?.value(forHTTPHeaderField: "If-Modified-Since"), modified)
        XCTAssertEqual(answer.source, .validated(etag: false))
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.text, "stored")
        XCTAssertEqual(answer.header("Test-Header"), "B")
    }

    func test_304WithNewFreshness_updatesStoredFields_forLaterAnswers() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Expires": driver.date(-5000), "ETag": "DEF", "Test-Header": "A"], body: "stored")
        driver.fetch()
        driver.serve(["Expires": driver.date(3000), "ETag": "DEF", "Test-Header": "B"], body: "")
        XCTAssertEqual(driver.fetch().source, .validated(etag: true))

        // When
        let later = driver.fetch()

        // Then
        XCTAssertEqual(later.source, .cache(.fresh))
        XCTAssertEqual(later.header("Test-Header"), "B")
        XCTAssertEqual(later.text, "stored")
    }

    func test_304_neverChangesTheStoredBodyFraming() {
        // Given
        let stored = ["ETag": "\"a\"", "Content-Length": "6", "Content-Type": "text/plain"]

        // When
        let driver = CacheDriver()
        driver.serve(stored, body: "stored")
        driver.fetch()
        driver.serve(["ETag": "\"a\"", "Content-Length": "0", "X-New": "1"], body: "")
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.header("Content-Length"), "6")
        XCTAssertEqual(answer.header("X-New"), "1")
        XCTAssertEqual(answer.text, "stored")
    }

    func test_304ForAnotherETag_updatesNothing_andReturnsNilSoThePipelineResends() {
        // Given
        let driver = CacheDriver()
        driver.serve(["ETag": "\"v1\""], body: "v1")
        driver.fetch()
        guard
            case .validate(let revalidation) = driver.cache.lookup(
                for: URLRequest(url: CacheDriver.origin.appendingPathComponent("/resource")), policy: .httpSemantics)
        else { return XCTFail("expected a conditional request") }

        // When
        let merged = driver.cache.update(with: ["ETag": "\"v2\""], for: revalidation)

        // Then
        XCTAssertNil(merged)
    }

    private func revalidationInFlight(_ driver: CacheDriver) throws -> CacheRevalidation {
        driver.serve(["Cache-Control": "max-age=0", "ETag": "\"v1\""], body: "old")
        driver.fetch()
        let lookup = driver.cache.lookup(
            for: URLRequest(url: CacheDriver.origin.appendingPathComponent("/resource")), policy: .httpSemantics)
        guard case .validate(let revalidation) = lookup else { throw XCTSkip("expected a conditional request") }
        return revalidation
    }

    func test_late304_afterRemoveAll_answersButStoresNothing() throws {
        // Given
        let driver = CacheDriver()
        let revalidation = try revalidationInFlight(driver)
        driver.cache.removeAll()

        // When
        let merged = driver.cache.update(
            with: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"], for: revalidation)

        // Then
        XCTAssertEqual(merged.map { String(decoding: $0.body, as: UTF8.self) }, "old")
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
        XCTAssertTrue(driver.cache.isEmpty)
    }

    func test_late304_afterANewerAnswerWasStored_keepsTheNewerAnswer() throws {
        // Given
        let driver = CacheDriver()
        let revalidation = try revalidationInFlight(driver)
        driver.serve(["Cache-Control": "max-age=600", "ETag": "\"v2\""], body: "new")
        driver.fetch(headers: ["Cache-Control": "no-cache"])

        // When
        _ = driver.cache.update(with: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"], for: revalidation)
        let later = driver.fetch()

        // Then
        XCTAssertEqual(later.source, .cache(.fresh))
        XCTAssertEqual(later.text, "new")
    }

    func test_304WithoutDate_isDatedWhenReceived_soTheEntryIsFreshAgain() throws {
        // Given: an answer an hour past its max-age
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=600", "ETag": "\"v1\"", "Date": driver.date(0)], body: "stored")
        driver.fetch()
        driver.advance(3600)
        let lookup = driver.cache.lookup(
            for: URLRequest(url: CacheDriver.origin.appendingPathComponent("/resource")), policy: .httpSemantics)
        guard case .validate(let revalidation) = lookup else { return XCTFail("expected a conditional request") }

        // When: a 304 without Date
        _ = driver.cache.update(with: ["ETag": "\"v1\""], for: revalidation)
        let later = driver.fetch()

        // Then
        XCTAssertEqual(later.source, .cache(.fresh))
        XCTAssertEqual(later.header("Date"), driver.date(0))
        XCTAssertEqual(later.header("Age"), "0")
    }

    func test_receivedDate_ofATimeNoHTTPDateSpells_leavesNoDate() {
        // Given
        var headers = ["date": "Mon, 01 Jan 2024 00:00:00 GMT"]

        // When
        HTTPCache.setReceivedDate(Date(timeIntervalSince1970: .infinity), in: &headers)

        // Then
        XCTAssertEqual(headers, [:])
    }

    func test_proxyAuthenticationFields_areNeitherStoredNorMerged() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10", "ETag": "\"a\"", "Proxy-Authenticate": "Basic realm=p"])
        XCTAssertEqual(driver.fetch().header("Proxy-Authenticate"), "Basic realm=p")
        let stored = driver.fetch()
        driver.advance(11)

        // When
        driver.serve(["Cache-Control": "max-age=10", "ETag": "\"a\"", "Proxy-Authentication-Info": "nextnonce=x"])
        let merged = driver.fetch()
        let later = driver.fetch()

        // Then
        XCTAssertEqual(stored.source, .cache(.fresh))
        XCTAssertNil(stored.header("Proxy-Authenticate"))
        XCTAssertEqual(merged.source, .validated(etag: true))
        XCTAssertNil(merged.header("Proxy-Authentication-Info"))
        XCTAssertEqual(later.source, .cache(.fresh))
        XCTAssertNil(later.header("Proxy-Authentication-Info"))
        XCTAssertNil(later.header("Proxy-Authenticate"))
    }

    func test_304Fields_replaceStoredFieldsOfTheSameNameInAnyCase_andLeaveTheFramingAndTheRest() {
        // Given
        let stored = ["ETag": "\"a\"", "test-header": "A", "Content-Length": "6", "X-Kept": "k", "Server": "old"]
        let notModified = ["etag": "\"a\"", "Test-Header": "B", "content-length": "0", "Server": "new"]

        // When
        let merged = HTTPCache.merged(stored, with: notModified)

        // Then: one field for each name, spelt as the 304 spelt it
        XCTAssertEqual(
            merged, ["etag": "\"a\"", "Test-Header": "B", "Content-Length": "6", "X-Kept": "k", "Server": "new"])
    }

    func test_a304SendingOneFieldInTwoSpellings_leavesOneField() {
        // When
        let merged = HTTPCache.merged(["ETag": "\"a\"", "X": "1"], with: ["etag": "\"a\"", "ETAG": "\"a\""])

        // Then
        XCTAssertEqual(merged.count, 2)
        XCTAssertEqual(merged.keys.filter { $0.caseInsensitiveEquals("ETag") }.count, 1)
        XCTAssertEqual(merged["X"], "1")
    }

    func test_receivedDate_replacesADateSpeltInAnyCase() throws {
        // Given
        var headers = ["date": "Mon, 01 Jan 2001 00:00:00 GMT", "DATE": "Tue, 02 Jan 2001 00:00:00 GMT", "X": "1"]
        let now = Date(timeIntervalSince1970: 1_700_000_000)

        // When
        HTTPCache.setReceivedDate(now, in: &headers)

        // Then
        XCTAssertEqual(headers, ["Date": HTTPDate.format(now), "X": "1"])
    }

    func test_weakAndStrongForms_ofTheSameTag_agree() {
        XCTAssertTrue(HTTPCache.validatorsAgree(stored: ["ETag": "W/\"x\""], notModified: ["etag": "\"x\""]))
        XCTAssertFalse(HTTPCache.validatorsAgree(stored: ["ETag": "\"x\""], notModified: ["ETag": "\"y\""]))
        XCTAssertFalse(HTTPCache.validatorsAgree(stored: [:], notModified: ["ETag": "\"y\""]))
        XCTAssertTrue(HTTPCache.validatorsAgree(stored: ["ETag": "\"x\""], notModified: [:]))
    }

    func test_mustRevalidate_staleAnswer_isAlwaysValidated() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10, must-revalidate, stale-while-revalidate=100", "ETag": "e"])
        driver.fetch()

        // When
        driver.advance(11)
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.source, .validated(etag: true))
    }

    func test_staleAnswerWithoutValidators_isFetchedWhole_andReplaced() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10"], body: "old")
        driver.fetch()
        driver.advance(11)

        // When
        driver.serve(["Cache-Control": "max-age=10"], body: "new")
        let refetched = driver.fetch()
        let reused = driver.fetch()

        // Then
        XCTAssertEqual(refetched.source, .network)
        XCTAssertNil(driver.sent.last?.value(forHTTPHeaderField: "If-None-Match"))
        XCTAssertEqual(reused.text, "new")
        XCTAssertEqual(reused.source, .cache(.fresh))
    }

    func test_changedAnswerToAConditionalRequest_replacesTheStoredOne() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=10", "ETag": "\"v1\""], body: "v1")
        driver.fetch()
        driver.advance(11)

        // When
        driver.serve(["Cache-Control": "max-age=10", "ETag": "\"v2\""], body: "v2")
        let changed = driver.fetch()
        let reused = driver.fetch()

        // Then
        XCTAssertEqual(changed.source, .network)
        XCTAssertEqual(reused.text, "v2")
        XCTAssertEqual(driver.cache.entryCounts.memory, 1)
    }

    func test_storedValidatorWithALineBreak_isNeverCopiedIntoTheRequest() {
        // Given
        let driver = CacheDriver()
        driver.cache.script(CacheDriver.origin.appendingPathComponent("/resource"), headers: ["ETag": "\"a\"\r\nX: y"])

        // When
        let lookup = driver.cache.lookup(
            for: URLRequest(url: CacheDriver.origin.appendingPathComponent("/resource")), policy: .httpSemantics)

        // Then
        guard case .validate(let revalidation) = lookup else { return XCTFail("expected a conditional request") }
        XCTAssertNil(revalidation.request.value(forHTTPHeaderField: "If-None-Match"))
    }
}
