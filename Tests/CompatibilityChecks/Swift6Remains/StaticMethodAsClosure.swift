// Swift 6 + Xcode 26 settings error: "loses global actor 'MainActor'". A static method named where
// the provider takes a closure, in the initial value of a `static let`, is a main-actor method
// under Xcode 26's settings, and a plain closure type cannot take one there (Moya's closure types
// are the same). Call it from a closure: `endpointClosure: { Routes.endpoint(for: $0) }`.
import Courier

enum MapsAPI: TargetType {
    case tiles

    var baseURL: URL { URL(string: "https://maps.example.com")! }
    var path: String { "/tiles" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

enum Routes {
    static func endpoint(for target: MapsAPI) -> Endpoint {
        Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["X-Maps": "1"])
    }

    static let provider = Provider<MapsAPI>(endpointClosure: endpoint(for:))
}
