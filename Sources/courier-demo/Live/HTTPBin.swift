import Courier
import CourierPlugins

/// The httpbin endpoints the live commands call. A struct rather than an enum because the base
/// URL comes from the command line; `route` plays the part of the enum's cases.
struct HTTPBin: TargetType, AccessTokenAuthorizable {
    enum Route: Sendable {
        /// `GET /get?client=courier-demo&page=1`
        case get
        /// `POST /post` with a JSON body.
        case postJSON(Greeting)
        /// `POST /post` with a file as multipart form data.
        case upload(file: URL)
        /// `GET /bytes/N`, saved to `destination`.
        case download(bytes: Int, destination: URL)
        /// `GET /range/N`, sent slowly (ten pieces over two seconds), saved to `destination`.
        case range(bytes: Int, destination: URL)
        /// `GET /status/CODE`
        case status(code: Int)
    }

    /// The JSON body of `post-json`.
    struct Greeting: Codable, Sendable, Equatable {
        let message: String
        let languages: [String]
        let stars: Int
    }

    let baseURL: URL
    let route: Route

    var path: String {
        switch route {
        case .get: "/get"
        case .postJSON, .upload: "/post"
        case .download(let bytes, _): "/bytes/\(bytes)"
        case .range(let bytes, _): "/range/\(bytes)"
        case .status(let code): "/status/\(code)"
        }
    }

    var method: HTTPMethod {
        switch route {
        case .postJSON, .upload: .post
        case .get, .download, .range, .status: .get
        }
    }

    var task: HTTPTask {
        switch route {
        case .get:
            .requestParameters(parameters: ["client": "courier-demo", "page": 1], encoding: URLEncoding.queryString)
        case .postJSON(let greeting):
            .requestJSONEncodable(greeting)
        case .upload(let file):
            .uploadMultipartFormData([
                MultipartFormBodyPart(provider: .data(Data("courier-demo".utf8)), name: "client"),
                MultipartFormBodyPart(provider: .file(file), name: "file"),
            ])
        case .download(_, let destination):
            .downloadDestination { _, _ in (destination, [.removePreviousFile, .createIntermediateDirectories]) }
        case .range(let bytes, let destination):
            .downloadParameters(
                parameters: ["duration": 2, "chunk_size": max(bytes / 10, 1)], encoding: URLEncoding.queryString,
                destination: { _, _ in (destination, [.removePreviousFile, .createIntermediateDirectories]) })
        case .status:
            .requestPlain
        }
    }

    /// 2xx only, so `status 404` fails the way an app's request would.
    var validationType: ValidationType { .successCodes }

    /// Every live request carries the bearer token, so the log shows it redacted.
    var authorizationType: AuthorizationType? { .bearer }
}
