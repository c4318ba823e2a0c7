// Swift 6 + Xcode 26 settings error: "crosses into main actor-isolated code". A protocol of the app
// that refines `TargetType` (shared defaults in its extension) cannot be conformed to as it is, with
// Moya's `TargetType` as with Courier's: Swift infers the implied conformance to `TargetType`
// main-actor, and not this one. With Swift 6.2, write the conformance `@MainActor BaseTarget`;
// `courier-migrate` notes each one.
import Courier

protocol BaseTarget: TargetType {}

extension BaseTarget {
    var baseURL: URL { URL(string: "https://store.example.com")! }
    var headers: [String: String]? { ["Accept": "application/json"] }
}

enum StoreAPI {
    case catalog
}

extension StoreAPI: BaseTarget {
    var path: String { "/catalog" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}
