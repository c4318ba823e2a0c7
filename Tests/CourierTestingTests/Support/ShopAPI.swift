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

/// A plugin that adds a header in `prepare` and another in `adapt`, like auth plugins do.
struct HeaderPlugin: PluginType {
    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        request.setValue("prepared", forHTTPHeaderField: "X-Prepared")
        return request
    }

    func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")
        return request
    }
}

/// A plugin that retries every failed attempt once, to show stub sequences per attempt.
struct RetryOncePlugin: PluginType {
    func retry(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) async -> RetryDecision {
        if case .failure = result, context.attempt == 1 { return .retry(reason: "once") }
        return .doNotRetry
    }
}

extension Provider {
    /// The outcome of `request(target)` as a `Result`, for asserting on failures.
    func result(_ target: Target) async -> Result<Response, CourierError> {
        do {
            return .success(try await request(target))
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    /// The failure, or `nil`.
    var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}

extension Result where Failure == CourierError {
    /// The underlying error of a failure, or `nil`.
    var underlyingError: (any Error)? {
        guard case .failure(let error) = self else { return nil }
        return error.underlyingError
    }
}
