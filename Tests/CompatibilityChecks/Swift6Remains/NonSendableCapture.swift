// Swift 6 error: "non-Sendable type 'TokenStore'". A closure the provider keeps runs on any thread,
// so what it captures must be Sendable: make the store a `final class` with `let`s, guard its
// state with a lock, or capture the value (`let token = store.token`) instead of the store.
import Courier

final class TokenStore {
    var token = "secret"
}

enum AccountAPI: TargetType {
    case me

    var baseURL: URL { URL(string: "https://example.com")! }
    var path: String { "/me" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

func makeAccountProvider(store: TokenStore) -> Provider<AccountAPI> {
    Provider<AccountAPI>(endpointClosure: { target in
        Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["Authorization": store.token])
    })
}
