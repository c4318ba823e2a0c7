import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A `.` or `..` path segment would let a server resolve the URL outside the base URL's path.
final class DotSegmentTests: XCTestCase {
    private struct Target: TargetType {
        var path: String
        var baseURL: URL { URL(string: "https://api.example.com/api/v1")! }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    private func request(url: String) throws(CourierError) -> URLRequest {
        try Endpoint(
            url: url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain,
            httpHeaderFields: nil
        ).urlRequest()
    }

    func test_dotSegmentsInATargetPath_failWithRequestMappingBeforeAnythingIsSent() async {
        for path in ["/users/../../../admin", "/a/./b", "/a/..", "..", "/files/.", "/x/../"] {
            // Given
            let provider = Provider<Target>(stubClosure: Provider.immediatelyStub)

            // When
            let result = await provider.result(Target(path: path))

            // Then
            guard case .failure(.requestMapping(let url)) = result else { return XCTFail("\(path): \(result)") }
            XCTAssertTrue(
                CourierError.requestMapping(url).localizedDescription.contains("segment, which servers resolve"), path)
        }
    }

    func test_percentEncodedDotSegmentsInAHandBuiltURL_areRefusedToo() {
        for url in ["https://x.io/a/%2e%2E/admin", "https://x.io/a/.%2E", "https://x.io/%2e/b"] {
            XCTAssertThrowsError(try request(url: url), url) {
                guard case .requestMapping = $0 as? CourierError else { return XCTFail("\($0)") }
            }
        }
    }

    func test_dotsThatAreNotSegments_andDotsOutsideThePath_areSent() throws {
        for url in [
            "https://x.io/v1.2/files/.hidden", "https://x.io/a..b/...", "https://x.io/a?next=/../admin",
            "https://x.io/a#/../b", "https://api.x.io", "https://x.io/",
        ] {
            XCTAssertNoThrow(try request(url: url), url)
        }
    }

    func test_userInputWithEscapedDots_staysLiteralInsteadOfClimbing() throws {
        // Given: input a server would decode to ".." if it were sent as it is
        let provider = Provider<Target>()

        // When
        let url = try provider.endpoint(Target(path: "/files/%2e%2e/admin")).urlRequest().url

        // Then
        XCTAssertEqual(url?.absoluteString, "https://api.example.com/api/v1/files/%252e%252e/admin")
    }
}
