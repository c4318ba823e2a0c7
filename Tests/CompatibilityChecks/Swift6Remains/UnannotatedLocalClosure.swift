// Swift 6 error: "converting non-Sendable function value". A closure stored in a `let` before it is
// passed is not inferred `@Sendable`; `courier-migrate` writes `{ @Sendable (target: …) -> Endpoint in`.
import Courier

enum PingAPI: TargetType {
    case ping

    var baseURL: URL { URL(string: "https://example.com")! }
    var path: String { "/ping" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

func makePingProvider() -> Provider<PingAPI> {
    let endpointClosure = { (target: PingAPI) -> Endpoint in
        Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["X-Ping": "1"])
    }
    return Provider<PingAPI>(endpointClosure: endpointClosure)
}
