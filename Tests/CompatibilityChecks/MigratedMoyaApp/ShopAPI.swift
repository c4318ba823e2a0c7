import Courier

// Moya: `enum ShopAPI { … }` and `extension ShopAPI: TargetType` with `var method: Moya.Method`
// and `var task: Task`; renamed to `HTTPMethod` and `HTTPTask`. Cases carry what they carried in
// Moya, `[String: Any]` and a bare `Encodable` included: a target need not be `Sendable`.
enum ShopAPI {
    case products(page: Int, tags: [String])
    case search(query: String, filters: [String: Any])
    case createProduct(name: String, price: Double, note: String?)
    case updateProduct(id: Int, fields: [String: Any])
    case touch(id: Int)
    case uploadPhoto(Data)
    case uploadDocument(URL, folder: String)
    case coupon(code: String)
    case report(month: String)
    case bulk(items: [[String: Any]])
    case review(Encodable)
}

/// App helpers build parameters as `[String: Any]`, as Moya apps do.
enum ParameterHelpers {
    static func paging(page: Int, perPage: Int = 20) -> [String: Any] {
        ["page": page, "per_page": perPage]
    }

    static func merged(_ base: [String: Any], with extra: [String: Any]) -> [String: Any] {
        base.merging(extra) { $1 }
    }
}

extension ShopAPI: TargetType {
    var baseURL: URL { URL(string: "https://shop.example.com/api/v1")! }

    var path: String {
        switch self {
        case .products, .createProduct: return "/products"
        case .review: return "/reviews"
        case .search: return "/search"
        case .updateProduct(let id, _), .touch(let id): return "/products/\(id)"
        case .uploadPhoto: return "/photos"
        case .uploadDocument: return "/documents"
        case .coupon(let code): return "/coupons/\(code)"
        case .report(let month): return "/reports/\(month)"
        case .bulk: return "/products/bulk"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .products, .search, .coupon, .report: return .get
        case .createProduct, .uploadPhoto, .uploadDocument, .bulk, .review: return .post
        case .updateProduct: return .patch
        case .touch: return .put
        }
    }

    var task: HTTPTask {
        switch self {
        case .products(let page, let tags):
            var parameters = ParameterHelpers.paging(page: page)
            parameters["tags"] = tags
            return .requestParameters(parameters: parameters, encoding: URLEncoding.default)
        case .search(let query, let filters):
            return .requestParameters(parameters: ["q": query, "filters": filters], encoding: URLEncoding.queryString)
        case .createProduct(let name, let price, let note):
            return .requestParameters(
                parameters: ["name": name, "price": price, "note": note as Any], encoding: JSONEncoding.default)
        case .updateProduct(_, let fields):
            return .requestParameters(
                parameters: ParameterHelpers.merged(fields, with: ["updated_by": "app"]),
                encoding: JSONEncoding.default)
        case .touch:
            return .requestParameters(parameters: [:], encoding: URLEncoding.default)
        case .uploadPhoto(let data):
            // Moya: `let parts = [MultipartFormData(provider: .data(data), name: "file", …)]`
            let parts = [
                MultipartFormBodyPart(
                    provider: .data(data), name: "file", fileName: "photo.jpg", mimeType: "image/jpeg")
            ]
            return .uploadMultipartFormData(parts)
        case .uploadDocument(let url, let folder):
            var parts: [MultipartFormBodyPart] = []
            parts.append(MultipartFormBodyPart(provider: .file(url), name: "document"))
            parts.append(MultipartFormBodyPart(provider: .data(Data(folder.utf8)), name: "folder"))
            let extra: [String: Any] = ["notify": true]
            return .uploadCompositeMultipartFormData(parts, urlParameters: extra)
        case .coupon:
            return .requestCompositeParameters(
                bodyParameters: ["check": true], bodyEncoding: JSONEncoding.default, urlParameters: ["v": 2])
        case .report:
            return .downloadParameters(
                parameters: ["format": "pdf"], encoding: URLEncoding.queryString,
                destination: { temporaryURL, _ in (temporaryURL, [.removePreviousFile]) })
        case .bulk(let items):
            return .requestParameters(parameters: ["jsonArray": items], encoding: JSONArrayEncoding.default)
        case .review(let body):
            return .requestCustomJSONEncodable(body, encoder: JSONEncoder())
        }
    }

    var headers: [String: String]? {
        ["Content-Type": "application/json", "Accept": "application/json"]
    }

    var sampleData: Data {
        switch self {
        case .products: return Data(#"{"products": []}"#.utf8)
        default: return Data()
        }
    }

    var validationType: ValidationType { .successCodes }
}
