import Courier
import Foundation
import XCTest

final class BodyEncodingTests: XCTestCase {
    private struct Search: Encodable, Sendable {
        var text: String
    }

    private func endpoint(_ task: HTTPTask, headers: [String: String]? = nil) -> Endpoint {
        Endpoint(
            url: "https://example.com/search", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post,
            task: task, httpHeaderFields: headers)
    }

    func test_typedBodyWithQueryParameters_sendsBothAndTheContentType() throws {
        // Given
        let search = Search(text: "cats")
        let task = HTTPTask.requestCompositeParameters(
            bodyParameters: [:],
            bodyEncoding: BodyEncoding(contentType: "application/json") { try JSONEncoder().encode(search) },
            urlParameters: ["page": 2])

        // When
        let request = try endpoint(task).urlRequest()

        // Then
        XCTAssertEqual(request.url?.absoluteString, "https://example.com/search?page=2")
        XCTAssertEqual(request.httpBody, Data(#"{"text":"cats"}"#.utf8))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_theTargetsContentType_wins() throws {
        // Given
        let task = HTTPTask.requestParameters(
            parameters: [:], encoding: BodyEncoding(contentType: "application/json") { Data("{}".utf8) })

        // When
        let request = try endpoint(task, headers: ["Content-Type": "application/merge-patch+json"]).urlRequest()

        // Then
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/merge-patch+json")
    }

    func test_aBodyThatFailsToEncode_failsTheRequestWithTheError() {
        // Given
        struct Refused: Error {}
        let task = HTTPTask.requestParameters(
            parameters: [:], encoding: BodyEncoding(contentType: "text/plain") { throw Refused() })

        // Then
        XCTAssertThrowsError(try endpoint(task).urlRequest()) { error in
            guard case .parameterEncoding(let underlying) = error as? CourierError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(underlying)".contains("Refused"), "\(underlying)")
        }
    }
}
