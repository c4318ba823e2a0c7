import Courier
import Foundation

// Moya: closures a provider keeps that capture the app's objects, which are not `Sendable`: the
// provider calls them where its caller runs.

/// The app's session, a plain class with state.
final class TokenStore {
    var token = "secret"
}

enum ProviderCaptures {
    static func makeAccountProvider(store: TokenStore) -> Provider<ShopAPI> {
        Provider<ShopAPI>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["Authorization": store.token])
        })
    }

    static func makeStubbed(store: TokenStore) -> Provider<ShopAPI> {
        let stubClosure = { (target: ShopAPI) -> StubBehavior in
            store.token.isEmpty ? .immediate : .never
        }
        return Provider<ShopAPI>(stubClosure: stubClosure, plugins: [CountingPlugin(), PostCountingPlugin()])
    }
}
