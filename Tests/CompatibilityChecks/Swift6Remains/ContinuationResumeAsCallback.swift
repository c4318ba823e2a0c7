// Swift 6 error: "risks causing data races". `continuation.resume` passed as a callback is a
// `@Sendable` function whose value is `sending`; a plain callback parameter cannot take it, in Moya
// code as in any other. Write the closure (`{ continuation.resume(returning: $0) }`), or drop the
// bridge for `try await provider.request(…)`.
import Courier

struct Coin: Decodable, Sendable {
    let id: String
}

final class CoinCatalog {
    func coins(onSuccess: @escaping ([Coin]) -> Void, onError: @escaping (Error) -> Void) {
        onSuccess([Coin(id: "btc")])
    }

    func coins() async throws -> [Coin] {
        try await withCheckedThrowingContinuation { continuation in
            coins(onSuccess: continuation.resume, onError: continuation.resume)
        }
    }
}
