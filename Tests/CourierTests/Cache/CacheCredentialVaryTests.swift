import CourierTestSupport
import XCTest

@testable import Courier

/// `Vary` on a credential field (`Authorization`, `Cookie`, `Proxy-Authorization`): the entry is
/// matched by a hash of the request's value, and the value itself is never written to disk.
final class CacheCredentialVaryTests: CacheFolderTestCase {
    private var configuration: HTTPCache.Configuration {
        var configuration = HTTPCache.Configuration(directory: folder)
        configuration.storesCredentialedResponsesOnDisk = true
        return configuration
    }

    private func storeForSecret() -> CacheDriver {
        let driver = CacheDriver(configuration: configuration)
        driver.serve(["Cache-Control": "private, max-age=600", "Vary": "Authorization"], body: "mine")
        driver.fetch(headers: ["Authorization": "Bearer SECRET"])
        return driver
    }

    func test_varyOnAuthorization_onDisk_neverWritesTheSecret() throws {
        // Given / When
        let driver = storeForSecret()

        // Then
        XCTAssertEqual(driver.cache.entryCounts.disk, 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for name in names {
            let contents = try Data(contentsOf: folder.appendingPathComponent(name))
            XCTAssertFalse(String(decoding: contents, as: UTF8.self).contains("SECRET"), name)
        }
    }

    func test_varyOnAuthorization_answersTheSameTokenOnly_inMemoryAndFromDisk() {
        // Given
        let driver = storeForSecret()
        let reopened = CacheDriver(configuration: configuration)
        reopened.serve(["Cache-Control": "private, max-age=600", "Vary": "Authorization"], body: "other")

        // When / Then
        XCTAssertEqual(driver.fetch(headers: ["Authorization": "Bearer SECRET"]).source, .cache(.fresh))
        XCTAssertEqual(reopened.fetch(headers: ["Authorization": "Bearer SECRET"]).text, "mine")
        XCTAssertEqual(reopened.fetch(headers: ["Authorization": "Bearer OTHER"]).source, .network)
    }

    func test_varyValue_ofACredentialField_isAHash_ofOtherFields_theValue() {
        // Given
        var request = URLRequest(url: URL(string: "https://a.example/")!)
        request.setValue("session=s3cret", forHTTPHeaderField: "Cookie")
        request.setValue("en,  fr", forHTTPHeaderField: "Accept-Language")

        // When
        let values = CacheKey.varyValues(of: RequestFields(request), names: ["accept-language", "cookie"])

        // Then
        XCTAssertEqual(values.first?.value, "en,fr")
        XCTAssertNotNil(values.last?.value)
        XCTAssertFalse(values.last?.value?.contains("s3cret") ?? true)
    }

    func test_fileOfTheFormerVersion_whichKeptTheSecret_isRefused() throws {
        // Given: a version 1 file
        let head = CacheEntry.Head(
            key: "GET https://a.example/", url: URL(string: "https://a.example/")!, statusCode: 200, headers: [:],
            vary: [VaryField(name: "authorization", value: "Bearer SECRET")], credential: 1,
            requestTime: Date(), responseTime: Date(), bodyCount: 0)
        var bytes = try CacheEntryFile.encode(CacheEntry(head: head, body: Data())).reduce(Data(), +)
        XCTAssertNoThrow(try CacheEntryFile.decode(bytes))
        bytes[7] = 1

        // When / Then
        XCTAssertThrowsError(try CacheEntryFile.decode(bytes))
    }
}
