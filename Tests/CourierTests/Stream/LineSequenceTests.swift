import CourierTestSupport
import XCTest

@testable import Courier

final class LineSequenceTests: XCTestCase {
    func test_lines_splitAtLFCRLFAndCR_keepBlankLines_andIncludeAnUnendedLastLine() async throws {
        // Given
        let fed = FedStream()
        fed.send(["one\ntwo\r\nthree\rfour\n\nfive"])
        // When
        let lines = try await fed.stream.lines.collect()
        // Then
        XCTAssertEqual(lines, ["one", "two", "three", "four", "", "five"])
    }

    func test_lines_everySplitOfTheBody_givesTheSameLines() async throws {
        // Given
        let bytes = Array("\u{FEFF}héllo 😀\r\nzwei\rdrei\n\r\n中文".utf8)
        let expected = ["héllo 😀", "zwei", "drei", "", "中文"]
        for cut in 0...bytes.count {
            let fed = FedStream()
            fed.writer.yield(Data(bytes[..<cut]))
            fed.writer.yield(Data(bytes[cut...]))
            fed.writer.finish()
            // When
            let lines = try await fed.stream.lines.collect()
            // Then
            XCTAssertEqual(lines, expected, "cut at byte \(cut)")
        }
    }

    func test_lineLongerThanTheLimit_throwsLineTooLong_afterTheLinesBeforeIt() async {
        // Given
        let fed = FedStream()
        fed.send(["short\n" + String(repeating: "x", count: 20)], finishing: false)
        var lines: [String] = []
        // When
        do {
            for try await line in fed.stream.lines(maximumLength: 10) { lines.append(line) }
            XCTFail("expected lineTooLong")
        } catch {
            // Then
            XCTAssertEqual(lines, ["short"])
            guard case .underlying(let underlying, let response) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(underlying as? StreamError, .lineTooLong(limit: 10))
            XCTAssertEqual(response?.statusCode, 200)
            XCTAssertTrue(fed.writer.isTerminated, "reading stopped the transfer")
        }
    }
}
