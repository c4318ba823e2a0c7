// expected error: "cannot convert value of type 'Product' to specified type 'String'"
// A typed target's answer has the endpoint's type; the compiler refuses any other.
import Courier

@MainActor
func wrongAnswerType(_ provider: Provider<Shop>) async throws {
    let name: String = try await provider.request(Shop.productDetail(id: 1))
    _ = name
}
