import XCTest

@testable import Courier

/// Spellings of one URL that share a key, and URLs that have none.
final class CacheKeySpellingTests: XCTestCase {
    private func primary(_ url: String) -> String? {
        URL(string: url).flatMap { CacheKey(getting: $0)?.primary }
    }

    func test_schemeAndHostInAnyCase_andAFragment_shareTheKeyOfTheSimpleSpelling() {
        let simple = primary("https://api.example.com:8443/a?b=1")
        XCTAssertEqual(simple, "GET https://api.example.com:8443/a?b=1")
        XCTAssertEqual(primary("HTTPS://API.Example.com:8443/a?b=1"), simple)
        XCTAssertEqual(primary("https://api.example.com:8443/a?b=1#top"), simple)
        XCTAssertEqual(primary("http://a.example/"), "GET http://a.example/")
    }

    func test_urlsThatAreNotHTTP_orHaveNoHost_haveNoKey() {
        XCTAssertNil(primary("ftp://a.example/file"))
        XCTAssertNil(primary("file:///tmp/a"))
        XCTAssertNil(primary("https:///path"))
    }

    func test_userInfo_isLeftOutOfTheKeyAndItsURL_andCountsAsACredential() throws {
        // Given
        let url = try XCTUnwrap(URL(string: "https://ann:s3cret@API.example.com/a?b=1"))
        let key = try XCTUnwrap(CacheKey(getting: url))

        // Then
        XCTAssertEqual(key.primary, "GET https://api.example.com/a?b=1")
        XCTAssertFalse(key.url.absoluteString.contains("s3cret"), key.url.absoluteString)
        XCTAssertFalse(key.url.absoluteString.contains("ann"), key.url.absoluteString)
        let withUser = CacheKey.credentialFingerprint(of: RequestFields(URLRequest(url: url)))
        let withoutUser = CacheKey.credentialFingerprint(of: RequestFields(URLRequest(url: key.url)))
        XCTAssertNotNil(withUser)
        XCTAssertNil(withoutUser)
    }
}
