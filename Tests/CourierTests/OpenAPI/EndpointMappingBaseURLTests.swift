import Courier
import Foundation
import XCTest

final class EndpointMappingBaseURLTests: XCTestCase {
    private struct Pets: TargetType {
        var baseURL: URL
        var path = "/pets/1"
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestParameters(parameters: ["expand": "owner"], encoding: URLEncoding.queryString) }
        var headers: [String: String]? { ["X-Trace": "1"] }
    }

    func test_endpoints_goToTheGivenBaseURL_keepingPathTaskAndHeaders() throws {
        // Given
        let target = Pets(baseURL: URL(string: "https://eu.clinic.example.com/v1")!)
        let mapping = Provider<Pets>.endpointMapping(baseURL: URL(string: "http://127.0.0.1:8080")!)

        // When
        let request = try mapping(target).urlRequest()

        // Then
        XCTAssertEqual(request.url?.absoluteString, "http://127.0.0.1:8080/pets/1?expand=owner")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Trace"), "1")
    }

    func test_slashesBetweenBaseAndPath_areOneWhateverEachSideHas() throws {
        // Given
        let cases: [(own: String, path: String, base: String, expected: String)] = [
            ("https://a.example.com/", "pets", "http://127.0.0.1:1/v2/", "http://127.0.0.1:1/v2/pets"),
            ("https://a.example.com", "/pets", "http://127.0.0.1:1/v2", "http://127.0.0.1:1/v2/pets"),
            ("https://a.example.com/v1/", "/pets", "http://127.0.0.1:1/", "http://127.0.0.1:1/pets"),
        ]
        for (own, path, base, expected) in cases {
            // When
            let endpoint = Provider<Pets>.endpointMapping(baseURL: URL(string: base)!)(
                Pets(baseURL: URL(string: own)!, path: path))

            // Then
            XCTAssertEqual(endpoint.url, expected, "\(own) + \(path) onto \(base)")
        }
    }
}
