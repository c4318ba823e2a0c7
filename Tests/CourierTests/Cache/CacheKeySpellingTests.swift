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

    /// Found by the url-pieces fuzz harness: the host was written back decoded, so each spelling of
    /// the key read one `%25` fewer (`%252525` → `%2525` → `%25`) and one URL had many keys.
    func test_escapesInTheHost_areKeptAsWritten_soTheKeyIsItsOwnKey() throws {
        for spelling in [
            "https://A.example000%252525/Q=1?", "https://a%3Db.example/x?y=%20", "http://[FE80::1%25en0]:8080/p",
        ] {
            let key = try XCTUnwrap(CacheKey(getting: try XCTUnwrap(URL(string: spelling))), spelling)
            let again = try XCTUnwrap(URL(string: String(key.primary.dropFirst("GET ".count))))
            XCTAssertEqual(CacheKey(getting: again)?.primary, key.primary, spelling)
        }
        XCTAssertEqual(primary("https://A.example000%252525/Q=1?"), "GET https://a.example000%252525/Q=1?")
    }
}
