#if os(Linux)
    import XCTest

    @testable import Courier

    /// The fields of a head as the HTTP cache reads them from the libcurl transport, without an
    /// `HTTPURLResponse`.
    final class CurlResponseHeadFieldsTests: XCTestCase {
        private func head(_ lines: [String]) -> CurlResponseHead {
            var head = CurlResponseHead()
            for line in lines {
                let bytes = Array((line + "\r\n").utf8)
                _ = bytes.withUnsafeBytes { head.consume($0) }
            }
            return head
        }

        func test_caseFoldedFields_joinAFieldSentTwice_inAnyCase_underItsFirstSpelling() {
            // Given
            let head = head([
                "HTTP/1.1 200 OK", "Cache-Control: max-age=60", "ETag: \"v1\"", "cache-control: no-store", "",
            ])

            // When
            let fields = head.caseFoldedFields

            // Then
            XCTAssertTrue(head.isComplete)
            XCTAssertEqual(fields, ["Cache-Control": "max-age=60, no-store", "ETag": "\"v1\""])
        }
    }
#endif
