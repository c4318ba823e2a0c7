import Courier
import CourierTesting
import Foundation
import XCTest

/// Parameters read back from a task are Moya's `[String: Any]`: every use Moya code makes of them
/// works unchanged, `JSONSerialization` included (given anything but a dictionary or an array, it
/// stops the process).
final class TaskParametersReadBackTests: XCTestCase {
    /// A target whose case carries a `[String: Any]`, as Moya targets do.
    private enum Orders: TargetType {
        case create(fields: [String: Any])

        var baseURL: URL { URL(string: "https://orders.example.com")! }
        var path: String { "/orders" }
        var method: HTTPMethod { .post }
        var task: HTTPTask {
            switch self {
            case .create(let fields): .requestParameters(parameters: fields, encoding: URLEncoding.httpBody)
            }
        }
    }

    /// A public app's request-signing plugin, as written for Moya: the body becomes the
    /// parameters as JSON, signed.
    private struct SigningPlugin: PluginType {
        func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
            var request = request
            if case .requestParameters(let parameters, _) = target.task,
                let body = try? JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys])
            {
                request.httpBody = body
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue(String(body.count), forHTTPHeaderField: "X-Signature")
            }
            return request
        }
    }

    func test_jsonSerializationPlugin_sendsTheParametersAsAJSONBody() async throws {
        // Given
        let recorder = RequestRecorder()
        let provider = Provider<Orders>(stubClosure: Provider.immediatelyStub, plugins: [SigningPlugin(), recorder])
        let fields: [String: Any] = ["item": "lamp", "quantity": 2, "gift": true, "tags": ["a", "b"]]

        // When
        _ = try await provider.request(.create(fields: fields))

        // Then
        let sent = try recorder.single()
        XCTAssertEqual(
            sent.urlRequest.httpBody.map { String(decoding: $0, as: UTF8.self) },
            #"{"gift":true,"item":"lamp","quantity":2,"tags":["a","b"]}"#)
        XCTAssertEqual(sent.urlRequest.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_boundParameters_castToAnyDictionary_andWorkAsOne() throws {
        // Given
        let task = Orders.create(fields: ["item": "lamp", "options": ["color": "red"]]).task

        // When
        guard case .requestParameters(let parameters, _) = task else { return XCTFail("\(task)") }
        let asAny: Any = parameters

        // Then: a cast, nested casts, dictionary methods and a `[String: Any]` parameter
        let cast = try XCTUnwrap(asAny as? [String: Any])
        XCTAssertEqual((cast["options"] as? [String: Any])?["color"] as? String, "red")
        let merged = parameters.merging(["api_key": "k"]) { current, _ in current }
        XCTAssertEqual(Set(merged.keys), ["item", "options", "api_key"])
        XCTAssertEqual(parameters.filter { $0.value is String }.count, 1)
        XCTAssertEqual(Self.itemName(in: parameters), "lamp")
        XCTAssertTrue(JSONSerialization.isValidJSONObject(parameters))
    }

    func test_requestParameters_givenToATask_readBackAsADictionary() throws {
        // Given
        let snapshot: RequestParameters = ["page": 2, "filter": ["color": "red"]]

        // When
        let task = HTTPTask.requestParameters(parameters: snapshot, encoding: JSONEncoding.default)

        // Then
        guard case .requestParameters(let parameters, _) = task else { return XCTFail("\(task)") }
        XCTAssertEqual(parameters["page"] as? Int, 2)
        XCTAssertEqual((parameters["filter"] as? [String: Any])?["color"] as? String, "red")
        let endpoint = Endpoint(
            url: "https://x.io", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post, task: task,
            httpHeaderFields: nil)
        XCTAssertEqual(
            try endpoint.urlRequest().httpBody.map { String(decoding: $0, as: UTF8.self) },
            #"{"filter":{"color":"red"},"page":2}"#)
    }

    /// An app helper that takes Moya's parameter type.
    private static func itemName(in parameters: [String: Any]) -> String? {
        parameters["item"] as? String
    }
}
