import Courier
import Foundation

final class SessionState {
    var userID = 42
}

// Every shape in which Moya code hands parameters to a task, with and without a contextual
// type, and the `RequestParameters` that Courier code wrote before tasks took `[String: Any]`.
enum ParameterForms {
    static func tasks(
        helper: [String: Any], sendable: [String: any Sendable], numbers: [String: Int], state: SessionState
    ) -> [HTTPTask] {
        let snapshot = RequestParameters(helper)
        let name: String? = "Ada"
        let missing: Int? = nil
        let explicit = HTTPTask.requestParameters(
            parameters: ["name": name as Any, "missing": missing as Any, "null": NSNull()],
            encoding: URLEncoding.queryString)
        return [
            explicit,
            HTTPTask.requestParameters(parameters: ["a": 1, "b": "two"], encoding: URLEncoding.queryString),
            HTTPTask.requestParameters(parameters: ["state": state, "nested": helper], encoding: JSONEncoding.default),
            .requestParameters(parameters: ["name": name as Any, "null": NSNull()], encoding: URLEncoding.default),
            .requestParameters(parameters: helper, encoding: URLEncoding.default),
            .requestParameters(parameters: sendable, encoding: URLEncoding.default),
            .requestParameters(parameters: numbers, encoding: URLEncoding.default),
            .requestParameters(parameters: [:], encoding: URLEncoding.default),
            HTTPTask.requestParameters(parameters: [:], encoding: URLEncoding.default),
            .requestParameters(parameters: RequestParameters(keeping: sendable), encoding: URLEncoding.default),
            .requestParameters(parameters: snapshot, encoding: JSONEncoding.default),
            .requestParameters(parameters: ["filters": snapshot, "page": 1], encoding: URLEncoding.default),
            .requestCompositeParameters(
                bodyParameters: snapshot, bodyEncoding: JSONEncoding.default, urlParameters: ["v": 2]),
            .uploadCompositeMultipartFormData([], urlParameters: snapshot),
            .requestCompositeParameters(
                bodyParameters: sendable, bodyEncoding: JSONEncoding.default, urlParameters: ["v": missing as Any]),
            .requestCompositeData(bodyData: Data(), urlParameters: helper),
            .uploadMultipartFormData([MultipartFormBodyPart(provider: .data(Data()), name: "a")]),
        ]
    }
}
