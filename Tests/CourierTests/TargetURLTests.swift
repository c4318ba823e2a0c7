import Courier
import CourierTestSupport
import XCTest

final class TargetURLTests: XCTestCase {
    private struct Target: TargetType {
        var baseURL: URL
        var path: String
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    private func url(_ base: String, _ path: String) -> String {
        Provider<Target>.defaultEndpointMapping(for: Target(baseURL: URL(string: base)!, path: path)).url
    }

    func test_emptyPath_leavesBaseURLUnchangedWithItsQuery() {
        XCTAssertEqual(
            url("http://example.com/123/somepath?X-ABC-Asd=123", ""), "http://example.com/123/somepath?X-ABC-Asd=123")
        XCTAssertEqual(url("https://api.github.com", ""), "https://api.github.com")
    }

    func test_path_isJoinedWithExactlyOneSlash() {
        XCTAssertEqual(url("https://api.github.com", "/zen"), "https://api.github.com/zen")
        XCTAssertEqual(url("https://api.github.com", "zen"), "https://api.github.com/zen")
        XCTAssertEqual(url("https://api.github.com/", "/zen"), "https://api.github.com/zen")
        XCTAssertEqual(url("https://api.github.com/v3/", "users"), "https://api.github.com/v3/users")
    }

    func test_slashPathAndTrailingSlash_areKept() {
        XCTAssertEqual(url("https://api.github.com", "/"), "https://api.github.com/")
        XCTAssertEqual(url("https://api.github.com", "/users/"), "https://api.github.com/users/")
    }

    func test_pathCharacters_arePercentEncoded() {
        XCTAssertEqual(url("https://x.io", "/a b"), "https://x.io/a%20b")
        XCTAssertEqual(url("https://x.io", "/what?no#frag"), "https://x.io/what%3Fno%23frag")
        XCTAssertEqual(url("https://x.io", "/café"), "https://x.io/caf%C3%A9")
        XCTAssertEqual(url("https://x.io", "/a:b@c;d=e,f"), "https://x.io/a:b@c;d=e,f")
    }

    func test_alreadyEncodedPath_isNotEncodedTwice() {
        XCTAssertEqual(url("https://x.io", "/a%20b"), "https://x.io/a%20b")
        XCTAssertEqual(url("https://x.io", "/100%"), "https://x.io/100%25")
        XCTAssertEqual(url("https://x.io", "/%zz"), "https://x.io/%25zz")
    }

    func test_baseURLWithQuery_getsPathBeforeItsQuery() {
        XCTAssertEqual(url("https://x.io/v1?key=1", "/users"), "https://x.io/v1/users?key=1")
    }
}
