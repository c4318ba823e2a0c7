import Courier
import Foundation

/// The target Moya's own specs use, kept verbatim so tests read like theirs.
public enum GitHub: TargetType, Equatable, Sendable {
    /// `/zen`
    case zen
    /// `/users/<name>`
    case userProfile(String)

    /// `https://api.github.com`
    public var baseURL: URL { URL(string: "https://api.github.com")! }

    /// The case's path.
    public var path: String {
        switch self {
        case .zen: "/zen"
        case .userProfile(let name): "/users/\(name)"
        }
    }

    /// `GET`
    public var method: HTTPMethod { .get }
    /// No parameters.
    public var task: HTTPTask { .requestPlain }
    /// 2xx and 3xx are accepted.
    public var validationType: ValidationType { .successAndRedirectCodes }

    /// The zen sentence, or a small user profile.
    public var sampleData: Data {
        switch self {
        case .zen: Data("Half measures are as bad as nothing at all.".utf8)
        case .userProfile(let name): Data("{\"login\": \"\(name)\", \"id\": 100}".utf8)
        }
    }
}
