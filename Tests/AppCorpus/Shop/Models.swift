// The app's models: plain Codable structs, main-actor types under Xcode 26's default.
import Foundation

struct Product: Codable, Equatable {
    let id: Int
    let name: String
}

struct NewProduct: Codable {
    let name: String
    let price: Decimal
}

enum ShopError: Error {
    case network(String)
    case decoding
}
