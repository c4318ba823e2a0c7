#if os(Linux)
    import XCTest

    @testable import Courier

    /// A request's header as the libcurl transport hands it to libcurl: one line, or a refusal when
    /// the line would split on the wire.
    final class CurlHeaderLineTests: XCTestCase {
        func test_line_isNameColonValue_andAnEmptyValueIsSentWithASemicolon() throws {
            XCTAssertEqual(try CurlHeaderLines.line("If-None-Match", "\"v1\""), "If-None-Match: \"v1\"")
            XCTAssertEqual(try CurlHeaderLines.line("X-Empty", ""), "X-Empty;")
            XCTAssertEqual(try CurlHeaderLines.line("X-Text", "café\tau lait"), "X-Text: café\tau lait")
        }

        func test_valueWithCRLFOrNUL_anywhere_isRefused() {
            let long = String(repeating: "a", count: 40)
            for bad in ["a\rb", "a\nb", "a\u{0}b", long + "\r", "\n" + long, long + "\u{0}" + long] {
                XCTAssertThrowsError(try CurlHeaderLines.line("X-Bad", bad), "\(bad.debugDescription)") { error in
                    XCTAssertEqual(error as? UnsafeHeaderError, UnsafeHeaderError(name: "X-Bad", part: .value))
                }
            }
        }
    }
#endif
