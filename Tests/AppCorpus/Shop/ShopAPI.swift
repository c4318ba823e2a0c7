// The app's API, declared the way Moya's documentation shows: the enum, then its conformance in an
// extension (which Xcode 26's main-actor default makes an isolated conformance).
import Courier
import CourierPlugins
import Foundation

enum Shop {
    case products(page: Int)
    case product(id: Int)
    case create(NewProduct)
    case update(id: Int, fields: [String: Any])
    case delete(id: Int)
    case avatar(Data)
    case catalog
}

extension Shop: TargetType {
    var baseURL: URL { URL(string: "https://shop.example.com/api")! }

    var path: String {
        switch self {
        case .products, .create: "/products"
        case .product(let id), .update(let id, _), .delete(let id): "/products/\(id)"
        case .avatar: "/me/avatar"
        case .catalog: "/catalog.zip"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .products, .product, .catalog: .get
        case .create, .avatar: .post
        case .update: .patch
        case .delete: .delete
        }
    }

    var task: HTTPTask {
        switch self {
        case .products(let page):
            .requestParameters(parameters: ["page": page, "per_page": 20], encoding: URLEncoding.queryString)
        case .create(let product):
            .requestJSONEncodable(product)
        case .update(_, let fields):
            .requestParameters(parameters: fields, encoding: JSONEncoding.default)
        case .avatar(let data):
            .uploadMultipartFormData([
                MultipartFormBodyPart(provider: .data(data), name: "avatar", fileName: "me.png", mimeType: "image/png")
            ])
        case .catalog:
            .downloadDestination { temporaryURL, _ in
                (FileManager.default.temporaryDirectory.appendingPathComponent("catalog.zip"), [.removePreviousFile])
            }
        case .product, .delete:
            .requestPlain
        }
    }

    var headers: [String: String]? { ["Accept": "application/json"] }

    var sampleData: Data {
        switch self {
        case .products: Data(#"[{"id": 1, "name": "Lamp"}, {"id": 2, "name": "Chair"}]"#.utf8)
        case .product(let id): Data(#"{"id": \#(id), "name": "Lamp"}"#.utf8)
        case .create(let product): Data(#"{"id": 3, "name": "\#(product.name)"}"#.utf8)
        default: Data()
        }
    }

    var validationType: ValidationType { .successCodes }
}

extension Shop: AccessTokenAuthorizable {
    var authorizationType: AuthorizationType? {
        switch self {
        case .products, .product, .catalog: nil
        default: .bearer
        }
    }
}

// Typed targets: each endpoint says what it answers.
extension Shop {
    static func productDetail(id: Int) -> TypedTarget<Shop, Product> { TypedTarget(.product(id: id)) }
    static func productList(page: Int) -> TypedTarget<Shop, [Product]> { TypedTarget(.products(page: page)) }
    static func removal(id: Int) -> TypedTarget<Shop, Void> { TypedTarget(.delete(id: id)) }
}
