import Courier
import Foundation

/// A small REST API for these tests: query parameters, JSON and form bodies.
enum ShopAPI: TargetType, Equatable {
    case products(page: Int, sort: String)
    case product(id: Int)
    case createProduct(NewProduct)
    case login(user: String, password: String)

    var baseURL: URL { URL(string: "https://shop.example.com/api")! }

    var path: String {
        switch self {
        case .products: "/products"
        case .product(let id): "/products/\(id)"
        case .createProduct: "/products"
        case .login: "/session"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .products, .product: .get
        case .createProduct, .login: .post
        }
    }

    var task: HTTPTask {
        switch self {
        case .products(let page, let sort):
            .requestParameters(parameters: ["page": page, "sort": sort], encoding: URLEncoding.queryString)
        case .product:
            .requestPlain
        case .createProduct(let product):
            .requestJSONEncodable(product)
        case .login(let user, let password):
            .requestParameters(parameters: ["user": user, "password": password], encoding: URLEncoding.httpBody)
        }
    }

    var sampleData: Data {
        switch self {
        case .product(let id): Data(#"{"id": \#(id), "name": "Sample"}"#.utf8)
        default: Data("[]".utf8)
        }
    }
}

/// The body of `ShopAPI.createProduct`.
struct NewProduct: Codable, Equatable, Sendable {
    var name: String
    var price: Int
}

/// A product as the API returns it.
struct Product: Codable, Equatable, Sendable {
    var id: Int
    var name: String
}
