import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Encodings written in Alamofire's shape, Courier's shape, or neither.
final class ParameterEncodingShapeTests: XCTestCase {
    /// Moya's best-known custom encoding, as written against Alamofire.
    private struct JSONArrayEncoding: ParameterEncoding {
        func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
            var request = try urlRequest.asURLRequest()
            guard let json = parameters?["jsonArray"] else { return request }
            do {
                let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
                if request.value(forHTTPHeaderField: "Content-Type") == nil {
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                }
                request.httpBody = data
            } catch {
                throw ParameterEncodingError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
            }
            return request
        }
    }

    /// Courier's shape.
    private struct HeaderEncoding: ParameterEncoding {
        func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
            var request = request
            for (key, value) in parameters ?? [:] { request.setValue("\(value)", forHTTPHeaderField: "X-\(key)") }
            return request
        }
    }

    /// Neither method.
    private struct EmptyEncoding: ParameterEncoding {}

    private let plain = URLRequest(url: URL(string: "https://x.io/items")!)

    private func request(_ task: HTTPTask) throws(CourierError) -> URLRequest {
        try Endpoint(
            url: "https://x.io/items", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post,
            task: task, httpHeaderFields: nil
        ).urlRequest()
    }

    func test_alamofireShapedEncoding_receivesTheParametersAndWritesTheBody() throws {
        // Given
        let items: [[String: Any]] = [["id": 2, "name": "b"], ["id": 1]]

        // When
        let request = try request(.requestParameters(parameters: ["jsonArray": items], encoding: JSONArrayEncoding()))

        // Then
        XCTAssertEqual(
            String(decoding: request.httpBody ?? Data(), as: UTF8.self), #"[{"id":2,"name":"b"},{"id":1}]"#)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_alamofireShapedEncoding_throwingAnAlamofireReason_failsWithParameterEncoding() {
        // Given: a value JSONSerialization refuses
        let task = HTTPTask.requestParameters(parameters: ["jsonArray": [Double.nan]], encoding: JSONArrayEncoding())

        // When / Then
        XCTAssertThrowsError(try request(task)) {
            guard case .parameterEncoding(let error) = $0 as? CourierError,
                case .jsonEncodingFailed = error as? ParameterEncodingError
            else { return XCTFail("\($0)") }
        }
    }

    func test_builtInEncodings_canBeCalledInAlamofiresShape() throws {
        // Given: a custom encoding that delegates to URLEncoding, as Moya apps write them
        let parameters: Parameters = ["q": "swift", "page": 2]

        // When
        let encoded = try URLEncoding.queryString.encode(plain as URLRequestConvertible, with: parameters)
        let json = try JSONEncoding.default.encode(plain as URLRequestConvertible, with: parameters)

        // Then
        XCTAssertEqual(encoded.url?.absoluteString, "https://x.io/items?page=2&q=swift")
        XCTAssertEqual(String(decoding: json.httpBody ?? Data(), as: UTF8.self), #"{"page":2,"q":"swift"}"#)
    }

    func test_courierShapedEncoding_canBeCalledInAlamofiresShape() throws {
        // When
        let request = try HeaderEncoding().encode(plain as URLRequestConvertible, with: ["Tag": "a"])

        // Then
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Tag"), "a")
    }

    func test_encodingWithNeitherMethod_failsNamingItsType() {
        XCTAssertThrowsError(try request(.requestParameters(parameters: ["a": 1], encoding: EmptyEncoding()))) {
            guard case .parameterEncoding(let error) = $0 as? CourierError,
                case .customEncodingFailed = error as? ParameterEncodingError
            else { return XCTFail("\($0)") }
            XCTAssertTrue($0.localizedDescription.contains("EmptyEncoding"), $0.localizedDescription)
        }
    }

    func test_parameterEncodingFailed_isItsReason() {
        XCTAssertEqual(ParameterEncodingError.parameterEncodingFailed(reason: .missingURL), .missingURL)
    }

    func test_urlRequestConvertible_urlRequestIsTheRequest() throws {
        XCTAssertEqual(try plain.asURLRequest(), plain)
        XCTAssertEqual(plain.urlRequest, plain)
    }

    func test_descriptions_nameTheKeyPathAndTheType() {
        // Given
        let error = CourierError.parameterEncoding(
            ParameterEncodingError.unsupportedValue(key: "user[birthday]", type: "Date"))

        // Then: not "The operation could not be completed. (Courier.ParameterEncodingError error 0.)"
        XCTAssertTrue(error.localizedDescription.contains("\"user[birthday]\""), error.localizedDescription)
        XCTAssertTrue(error.localizedDescription.contains("type Date"), error.localizedDescription)
        XCTAssertEqual(
            ParameterEncodingError.nestingTooDeep(key: "a[b]", limit: 64).localizedDescription,
            "Parameter \"a[b]\" nests dictionaries and arrays more than 64 levels deep, the most Courier encodes.")
    }
}
