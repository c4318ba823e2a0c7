// expected error: "cannot convert value of type 'String' to expected argument type 'Product'"
// A typed stub rule answers a value of the typed target's type, checked by the compiler.
import Courier
import CourierTesting

struct Gadget: Codable, Equatable, Sendable { let id: Int }

enum Gadgets: Equatable, TargetType {
    case gadget(Int)
    var baseURL: URL { URL(string: "https://gadgets.example")! }
    var path: String { "/gadget" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

@MainActor
func wrongStubAnswer() {
    let typed = TypedTarget<Gadgets, Product>(.gadget(1))
    Stubs<Gadgets>().on(typed, answer: "not a product")
}
