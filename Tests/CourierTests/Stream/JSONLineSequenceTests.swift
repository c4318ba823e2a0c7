import CourierTestSupport
import XCTest

@testable import Courier

final class JSONLineSequenceTests: XCTestCase {
    private struct Row: Decodable, Equatable {
        let id: Int
    }

    func test_jsonLines_decodeEachLine_skippingBlankOnes_includingAnUnendedLastLine() async throws {
        // Given
        let fed = FedStream()
        fed.send(["{\"id\": 1}\n\n  \n{\"id\"", ": 2}\r\n{\"id\": 3}"])
        // When
        let rows = try await fed.stream.jsonLines(Row.self).collect()
        // Then
        XCTAssertEqual(rows, [Row(id: 1), Row(id: 2), Row(id: 3)])
    }

    func test_lineThatDoesNotDecode_throwsObjectMapping_withThatLineAsTheData() async {
        // Given
        let fed = FedStream()
        fed.send(["{\"id\": 1}\n{\"id\": \"one\"}\n{\"id\": 3}\n"])
        var rows: [Row] = []
        // When
        do {
            for try await row in fed.stream.jsonLines(Row.self) { rows.append(row) }
            XCTFail("expected objectMapping")
        } catch {
            // Then
            XCTAssertEqual(rows, [Row(id: 1)])
            guard case .objectMapping(_, let response) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "{\"id\": \"one\"}")
            XCTAssertEqual(response.statusCode, 200)
        }
    }
}
