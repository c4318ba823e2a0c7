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

    private struct EncodedTarget: TargetType {
        var baseURL: URL
        var path: String
        var pathIsPercentEncoded: Bool { true }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    private func url(_ base: String, _ path: String) -> String {
        Provider<Target>.defaultEndpointMapping(for: Target(baseURL: URL(string: base)!, path: path)).url
    }

    private func encodedURL(_ base: String, _ path: String) -> String {
        Provider<EncodedTarget>.defaultEndpointMapping(for: EncodedTarget(baseURL: URL(string: base)!, path: path)).url
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

    func test_pathIsLiteralText_percentSignsAreEscapedLikeMoya() {
        // Moya 15: URL(target:) is baseURL.appendingPathComponent(path) (URL+Moya.swift line 14),
        // which escapes `%` as it escapes a space.
        XCTAssertEqual(url("https://x.io", "/coupons/100%AB"), "https://x.io/coupons/100%25AB")
        XCTAssertEqual(url("https://x.io", "/100%"), "https://x.io/100%25")
        XCTAssertEqual(url("https://x.io", "/%zz"), "https://x.io/%25zz")
        // A path the app escaped itself is escaped again, as Moya did: interpolate raw values instead.
        XCTAssertEqual(url("https://x.io", "/users/ash%20furrow"), "https://x.io/users/ash%2520furrow")
        XCTAssertEqual(url("https://x.io", "/users/ash furrow"), "https://x.io/users/ash%20furrow")
    }

    func test_baseURLWithQuery_getsPathBeforeItsQuery() {
        XCTAssertEqual(url("https://x.io/v1?key=1", "/users"), "https://x.io/v1/users?key=1")
    }

    func test_percentEncodedPath_keepsItsEscapes() {
        XCTAssertEqual(encodedURL("https://x.io", "/files/a%2Fb%20c%25"), "https://x.io/files/a%2Fb%20c%25")
        XCTAssertEqual(encodedURL("https://x.io/v1?key=1", "/files/a%2fb"), "https://x.io/v1/files/a%2fb?key=1")
        XCTAssertEqual(
            URL(target: EncodedTarget(baseURL: URL(string: "https://x.io")!, path: "/a%3Fb")).absoluteString,
            "https://x.io/a%3Fb")
    }

    func test_percentEncodedPath_escapesWhatAPathCannotHold_andAPercentThatStartsNoEscape() {
        XCTAssertEqual(encodedURL("https://x.io", "/a b/café"), "https://x.io/a%20b/caf%C3%A9")
        XCTAssertEqual(encodedURL("https://x.io", "/what?no#frag"), "https://x.io/what%3Fno%23frag")
        XCTAssertEqual(encodedURL("https://x.io", "/100%"), "https://x.io/100%25")
        XCTAssertEqual(encodedURL("https://x.io", "/%zz/%2"), "https://x.io/%25zz/%252")
        XCTAssertEqual(encodedURL("https://x.io", "/a:b@c;d=e,f"), "https://x.io/a:b@c;d=e,f")
    }

    func test_percentEncodedPath_withAnEscapedDotSegment_isRefused() {
        let endpoint = Provider<EncodedTarget>.defaultEndpointMapping(
            for: EncodedTarget(baseURL: URL(string: "https://x.io/api")!, path: "/files/%2E%2E/admin"))
        XCTAssertThrowsError(try endpoint.urlRequest())
    }

    func test_multiTarget_forwardsPathIsPercentEncoded() {
        let target = MultiTarget(EncodedTarget(baseURL: URL(string: "https://x.io")!, path: "/a%2Fb"))
        XCTAssertTrue(target.pathIsPercentEncoded)
        XCTAssertEqual(Provider<MultiTarget>.defaultEndpointMapping(for: target).url, "https://x.io/a%2Fb")
        XCTAssertFalse(MultiTarget(Target(baseURL: URL(string: "https://x.io")!, path: "/")).pathIsPercentEncoded)
    }
}
