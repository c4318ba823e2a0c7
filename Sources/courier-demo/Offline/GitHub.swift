import Courier
import CourierPlugins
import CourierTesting

/// A GitHub-like API, declared as Courier wants it: one case per endpoint.
enum GitHub: TargetType, AccessTokenAuthorizable, FixtureNamed, Equatable {
    /// `GET /zen`: a line of GitHub's design philosophy, as text.
    case zen
    /// `GET /users/{login}`: a user's profile.
    case user(login: String)
    /// `GET /users/{login}/repos?page=N&per_page=5`: one page of a user's repositories.
    case repositories(owner: String, page: Int)
    /// `GET /search/repositories?q=…&sort=…&order=desc`: repositories that match a query.
    case searchRepositories(query: String, sort: String)

    /// How many repositories a page holds.
    static let pageSize = 5

    var baseURL: URL { URL(string: "https://api.github.com")! }

    var path: String {
        switch self {
        case .zen: "/zen"
        case .user(let login): "/users/\(login)"
        case .repositories(let owner, _): "/users/\(owner)/repos"
        case .searchRepositories: "/search/repositories"
        }
    }

    var method: HTTPMethod { .get }

    var task: HTTPTask {
        switch self {
        case .zen, .user:
            .requestPlain
        case .repositories(_, let page):
            .requestParameters(
                parameters: ["page": page, "per_page": Self.pageSize], encoding: URLEncoding.queryString)
        case .searchRepositories(let query, let sort):
            .requestParameters(
                parameters: ["q": query, "sort": sort, "order": "desc"], encoding: URLEncoding.queryString)
        }
    }

    var headers: [String: String]? { ["Accept": "application/vnd.github+json"] }

    /// 2xx only: a 404 for an unknown user is an error, as the caller expects.
    var validationType: ValidationType { .successCodes }

    /// Every endpoint but zen sends the bearer token; the logger shows it as `<redacted>`.
    var authorizationType: AuthorizationType? {
        self == .zen ? nil : .bearer
    }

    /// GitHub's JSON uses snake_case keys; `request(_:as:)` decodes with this.
    var decoder: any DataDecoder { Self.snakeCaseDecoder() }

    static func snakeCaseDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// The bundled file each endpoint answers with offline (`Fixtures/…`, `.json` unless named).
    var fixtureName: String {
        switch self {
        case .zen: "zen.txt"
        case .user(let login): "users/\(login)"
        case .repositories(let owner, let page): "users/\(owner)/repos-page-\(page)"
        case .searchRepositories: "search/repositories"
        }
    }
}
