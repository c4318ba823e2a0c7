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

        func test_caseFoldedFields_ofAHeadOfManyFields_joinTheSameWay() {
            // Given: more fields than are matched one against another, so they are looked up by name
            var lines = ["HTTP/1.1 200 OK", "Vary: Accept"]
            for index in 0..<CurlResponseHead.linearFoldLimit { lines.append("X-Field-\(index): \(index)") }
            lines += ["VARY: Accept-Language", "x-field-3: again", ""]
            let head = head(lines)

            // When
            let fields = head.caseFoldedFields

            // Then
            XCTAssertGreaterThan(head.fields.count, CurlResponseHead.linearFoldLimit)
            XCTAssertEqual(fields.count, CurlResponseHead.linearFoldLimit + 1)
            XCTAssertEqual(fields["Vary"], "Accept, Accept-Language")
            XCTAssertEqual(fields["X-Field-3"], "3, again")
            XCTAssertNil(fields["VARY"])
        }

        func test_caseFoldedFields_matchWholeNamesOnly() {
            // Given: names that share a prefix, a length, or differ only in a byte that is no letter
            let head = head(["HTTP/1.1 200 OK", "X-A: 1", "X-AB: 2", "X-B: 3", "x-a: 4", "X@A: 5", "X`A: 6", ""])

            // Then
            XCTAssertEqual(head.caseFoldedFields, ["X-A": "1, 4", "X-AB": "2", "X-B": "3", "X@A": "5", "X`A": "6"])
        }

        func test_fields_keepArrivalOrderTrimmed_andAFoldedLineJoinsItsField() {
            // Given
            let head = head([
                "HTTP/1.1 200 OK", "X-A:  one ", "X-Long: first", "\t second part ", "x-a: two", "Empty:", "",
            ])

            // When
            let fields = head.fields

            // Then
            XCTAssertEqual(fields.map(\.name), ["X-A", "X-Long", "x-a", "Empty"])
            XCTAssertEqual(fields.map(\.value), ["one", "first second part", "two", ""])
            XCTAssertEqual(head.headerFields, ["X-A": "one", "X-Long": "first second part", "x-a": "two", "Empty": ""])
        }

        func test_aBlankValueFollowedByAFoldedLine_isTheFoldedTextAlone_andNamesKeepTheirBytes() {
            // Given: each field's line is kept up to the end of its value, spaces and colon included.
            let head = head(["HTTP/1.1 204 No Content", "X-Blank: \t ", " later", "X-Next:value", ""])

            // When
            let fields = head.fields

            // Then
            XCTAssertEqual(head.statusCode, 204)
            XCTAssertEqual(fields.map(\.name), ["X-Blank", "X-Next"])
            XCTAssertEqual(fields.map(\.value), [" later", "value"])
            XCTAssertEqual(head.value("x-next"), "value")
        }

        func test_aFirstLineThatIsNotAStatusLine_givesNoStatus() {
            XCTAssertEqual(head(["HTTQ/1.1 200 OK", "X-A: 1", ""]).statusCode, 0)
            XCTAssertEqual(head(["HTTP/", ""]).statusCode, 0)
            XCTAssertEqual(head(["HTTP/2 201", ""]).statusCode, 201)
        }

        func test_value_isTheFirstFieldOfThatNameInAnyCase() {
            // Given
            let head = head(["HTTP/1.1 200 OK", "X-A: one", "content-length: 42", "X-A: two", "X-Fold: a", " b", ""])

            // Then
            XCTAssertEqual(head.value("x-a"), "one")
            XCTAssertEqual(head.value("X-FOLD"), "a b")
            XCTAssertEqual(head.contentLength, 42)
            XCTAssertNil(head.value("X-"), "a prefix of a name is not the name")
            XCTAssertNil(head.value("X-AB"))
            XCTAssertNil(head.value("X-Missing"))
        }

        func test_anInformationalHeadsFields_areDropped() {
            // Given
            let head = head(["HTTP/1.1 100 Continue", "X-Early: yes", "", "HTTP/1.1 201 Created", "X-Late: no", ""])

            // Then
            XCTAssertEqual(head.statusCode, 201)
            XCTAssertEqual(head.fields.map(\.name), ["X-Late"])
            XCTAssertNil(head.value("X-Early"))
        }
    }
#endif
