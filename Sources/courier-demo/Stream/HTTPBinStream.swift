import Courier

/// The httpbin endpoints `courier-demo --base-url URL stream` reads as they stream.
struct HTTPBinStream: TargetType {
    enum Route: Sendable {
        /// `GET /stream/N`: N JSON objects, one per line.
        case lines(Int)
        /// `GET /drip`: `bytes` bytes spread over `seconds` seconds.
        case drip(bytes: Int, seconds: Int)
    }

    /// One line of `/stream/N`.
    struct Row: Decodable, Sendable {
        let id: Int
        let url: String
    }

    let baseURL: URL
    let route: Route

    var path: String {
        switch route {
        case .lines(let count): "/stream/\(count)"
        case .drip: "/drip"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask {
        switch route {
        case .lines: .requestPlain
        case .drip(let bytes, let seconds):
            .requestParameters(
                parameters: ["numbytes": bytes, "duration": seconds, "delay": 0], encoding: URLEncoding.queryString)
        }
    }
    var validationType: ValidationType { .successCodes }
}
