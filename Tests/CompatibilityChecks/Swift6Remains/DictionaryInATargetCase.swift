// Swift 6 error: "contains non-Sendable type 'Any'". A target is Sendable, so a case cannot carry a
// `[String: Any]`; carry `RequestParameters` instead (MigratedMoyaApp/ShopAPI.swift does).
import Courier

enum ProfileAPI: TargetType {
    case update(fields: [String: Any])

    var baseURL: URL { URL(string: "https://example.com")! }
    var path: String { "/profile" }
    var method: HTTPMethod { .patch }
    var task: HTTPTask {
        switch self {
        case .update(let fields): return .requestParameters(parameters: fields, encoding: JSONEncoding.default)
        }
    }
}
