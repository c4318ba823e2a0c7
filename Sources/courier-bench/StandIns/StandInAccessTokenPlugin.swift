import Courier

// STAND-IN until CourierPlugins lands on this branch: the same shape as DESIGN.md's
// `AccessTokenPlugin`, `AccessTokenAuthorizable` and `AuthorizationType`, so the scenario's cost
// is of the right kind. Replace with `import CourierPlugins` and delete this folder.

/// Stand-in for `AuthorizationType`.
enum StandInAuthorizationType: Sendable, Equatable {
    case basic
    case bearer
    case custom(String)

    var value: String {
        switch self {
        case .basic: "Basic"
        case .bearer: "Bearer"
        case .custom(let value): value
        }
    }
}

/// Stand-in for `AccessTokenAuthorizable`.
protocol StandInAccessTokenAuthorizable {
    var authorizationType: StandInAuthorizationType? { get }
}

/// Stand-in for `AccessTokenPlugin`: sets `Authorization: <type> <token>` in `prepare`.
struct StandInAccessTokenPlugin: PluginType {
    let tokenClosure: @Sendable (any TargetType) -> String

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        let unwrapped: any TargetType =
            if case .target(let inner) = target as? MultiTarget { inner } else { target }
        guard let authorizable = unwrapped as? any StandInAccessTokenAuthorizable,
            let type = authorizable.authorizationType
        else { return request }
        var request = request
        request.setValue("\(type.value) \(tokenClosure(target))", forHTTPHeaderField: "Authorization")
        return request
    }
}
