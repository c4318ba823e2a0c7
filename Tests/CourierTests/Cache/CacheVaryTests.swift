import CourierTestSupport
import XCTest

@testable import Courier

/// Secondary keys (RFC 9111 §4.1): an answer with `Vary` is reused only for requests with the same
/// values of the fields it names; credentials are a secondary key of their own. WPT `vary` is the
/// reference.
final class CacheVaryTests: XCTestCase {
    private func driver(vary: String) -> CacheDriver {
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=5000", "Vary": vary])
        return driver
    }

    func test_vary_sameValue_isReused_otherValueOrMissingFieldIsNot() {
        // Given
        let driver = driver(vary: "Foo")
        driver.fetch(headers: ["Foo": "1"])

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Foo": "1"]).source, .cache(.fresh))
        XCTAssertEqual(driver.fetch(headers: ["Foo": "2"]).source, .network)
        XCTAssertEqual(driver.fetch().source, .network)
    }

    func test_vary_newVariant_doesNotEvictTheOtherVariant() {
        // Given
        let driver = driver(vary: "Foo")
        driver.serve(["Cache-Control": "max-age=5000", "Vary": "Foo"], body: "one")
        driver.fetch(headers: ["Foo": "1"])
        driver.serve(["Cache-Control": "max-age=5000", "Vary": "Foo"], body: "two")
        driver.fetch(headers: ["Foo": "2"])

        // When
        let first = driver.fetch(headers: ["Foo": "1"])
        let second = driver.fetch(headers: ["Foo": "2"])

        // Then
        XCTAssertEqual(first.text, "one")
        XCTAssertEqual(second.text, "two")
        XCTAssertEqual(driver.sentCount, 2)
    }

    func test_vary_ignoresFieldsItDoesNotName() {
        // Given
        let driver = driver(vary: "Foo")
        driver.fetch(headers: ["Foo": "1", "Other": "2"])

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Foo": "1", "Other": "3"]).source, .cache(.fresh))
    }

    func test_varyOnSeveralFields_needsEveryValueToMatch_inAnyOrder() {
        // Given
        let driver = driver(vary: "Foo, Bar,  Baz")
        driver.fetch(headers: ["Foo": "1", "Bar": "abc4", "Baz": "789"])

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Baz": "789", "Foo": "1", "Bar": "abc4"]).source, .cache(.fresh))
        XCTAssertEqual(driver.fetch(headers: ["Foo": "1", "Bar": "abc", "Baz": "789"]).source, .network)
    }

    func test_varyOnFieldBothRequestsOmit_matches() {
        // Given
        let driver = driver(vary: "Foo, Bar, Baz")
        driver.fetch(headers: ["Foo": "1", "Baz": "789"])

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Foo": "1", "Baz": "789"]).source, .cache(.fresh))
    }

    func test_varyNamesAndValues_areNormalized() {
        // Given
        let driver = driver(vary: "ACCEPT-language")
        driver.fetch(headers: ["Accept-Language": "en,  fr"])

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["accept-language": "en, fr"]).source, .cache(.fresh))
    }

    func test_varyStar_isNeverStored() {
        // Given
        let driver = driver(vary: "*")
        driver.fetch(headers: ["Foo": "1"])

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Foo": "1"]).source, .network)
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
    }

    func test_credentials_answerOnlyTheSameCredentials() {
        // Given: an answer for Alice
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "private, max-age=600"], body: "alice's")
        driver.fetch(headers: ["Authorization": "Bearer alice"])

        // When
        let alice = driver.fetch(headers: ["Authorization": "Bearer alice"])
        let bob = driver.fetch(headers: ["Authorization": "Bearer bob"])
        let anonymous = driver.fetch()

        // Then
        XCTAssertEqual(alice.source, .cache(.fresh))
        XCTAssertEqual(bob.source, .network)
        XCTAssertEqual(anonymous.source, .network)
    }

    func test_credentialFingerprint_coversAuthorizationAndCookie_neverKeepsTheSecret() {
        // Given
        var request = URLRequest(url: URL(string: "https://a.example/")!)
        XCTAssertNil(CacheKey.credentialFingerprint(of: RequestFields(request)))
        request.setValue("session=s3cret", forHTTPHeaderField: "Cookie")

        // When
        let fingerprint = CacheKey.credentialFingerprint(of: RequestFields(request))

        // Then
        XCTAssertNotNil(fingerprint)
        XCTAssertFalse(String(describing: fingerprint).contains("s3cret"))
    }
}
