// Swift 6 error: "non-Sendable type 'any Encodable'". A target is Sendable, so a case
// cannot carry a bare `Encodable` (nor a generic `T` that is not `Sendable`): write
// `any Encodable & Sendable`, which `.requestJSONEncodable` takes, or constrain `T: Sendable`.
import Courier

enum FeedAPI: TargetType {
    case update(Encodable)

    var baseURL: URL { URL(string: "https://example.com")! }
    var path: String { "/feed" }
    var method: HTTPMethod { .post }
    var task: HTTPTask {
        switch self {
        case .update(let body): return .requestCustomJSONEncodable(body, encoder: JSONEncoder())
        }
    }
}
