import Courier
import CourierPlugins

/// A small API as an app declares it, answered from stubs.
enum StubbedAPI: TargetType, AccessTokenAuthorizable {
    /// `GET /users/42`, answering a short JSON object.
    case user(id: Int)
    /// `GET /records`, answering `sample`: the 1 MiB JSON body nginx serves.
    case records(sample: Data)

    var baseURL: URL { URL(string: "https://api.example.com/v1")! }

    var path: String {
        switch self {
        case .user(let id): "/users/\(id)"
        case .records: "/records"
        }
    }

    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { ["Accept": "application/json"] }

    var sampleData: Data {
        switch self {
        case .user: Self.userSample
        case .records(let sample): sample
        }
    }

    var authorizationType: AuthorizationType? { .bearer }

    private static let userSample = Data(#"{"id":42,"login":"ada","name":"Ada Lovelace"}"#.utf8)
}
