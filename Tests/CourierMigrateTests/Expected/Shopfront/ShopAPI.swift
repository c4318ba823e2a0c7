// swift-format-ignore-file
//
//  ShopAPI.swift
//  Shopfront
//
//  Every endpoint the storefront talks to. Moya's `Task` covers all of them.
//

import Foundation
import Courier

struct OrderRequest: Encodable {
    let productIDs: [Int]
    let shippingMethod: String
    let giftWrap: Bool
}

struct CartItem: Encodable {
    let productID: Int
    let quantity: Int
}

struct CartUpdate: Encodable {
    let cartID: String
    let items: [CartItem]
}

enum ShopAPI {
    case featured
    case product(id: Int)
    case search(query: String, page: Int, filters: [String])
    case createOrder(OrderRequest)
    case updateCart(cartID: String, items: [CartItem])
    case rateProduct(id: Int, stars: Int, comment: String?)
    case applyCoupon(code: String)
    case uploadReceipt(orderID: Int, pdf: Data)
    case importCatalog(file: URL)
    case attachPhotos(productID: Int, photos: [Data])
    case invoice(orderID: Int)
    case exportOrders(from: String, to: String)
    case trackEvent(name: String)
    case deleteAddress(id: Int)
    case logout
}

extension ShopAPI: TargetType {
    var baseURL: URL { URL(string: "https://api.shopfront.example/v2")! }

    var path: String {
        switch self {
        case .featured: return "/products/featured"
        case .product(let id): return "/products/\(id)"
        case .search: return "/products/search"
        case .createOrder: return "/orders"
        case .updateCart(let cartID, _): return "/carts/\(cartID)"
        case .rateProduct(let id, _, _): return "/products/\(id)/ratings"
        case .applyCoupon: return "/cart/coupon"
        case .uploadReceipt: return "/receipts"
        case .importCatalog: return "/catalog/import"
        case .attachPhotos: return "/photos"
        case .invoice(let orderID): return "/orders/\(orderID)/invoice.pdf"
        case .exportOrders: return "/orders/export"
        case .trackEvent: return "/events"
        case .deleteAddress(let id): return "/addresses/\(id)"
        case .logout: return "/session/logout"
        }
    }

    var method: Courier.HTTPMethod {
        switch self {
        case .featured, .product, .search, .invoice, .exportOrders:
            return .get
        case .updateCart, .applyCoupon:
            return .put
        case .deleteAddress:
            return .delete
        default:
            return .post
        }
    }

    var task: HTTPTask {
        switch self {
        case .featured, .deleteAddress:
            return .requestPlain
        case .product:
            return .requestParameters(parameters: ["include": "reviews,stock"], encoding: URLEncoding.queryString)
        case let .search(query, page, filters):
            return .requestParameters(parameters: searchParameters(query: query, page: page, filters: filters), encoding: URLEncoding.default)
        case .createOrder(let order):
            return .requestJSONEncodable(order)
        case let .updateCart(cartID, items):
            return .requestCustomJSONEncodable(CartUpdate(cartID: cartID, items: items), encoder: ShopAPI.snakeCaseEncoder)
        case let .rateProduct(_, stars, comment):
            var body: [String: Any] = ["stars": stars]
            if let comment = comment {
                body["comment"] = comment
            }
            return .requestCompositeParameters(bodyParameters: body, bodyEncoding: JSONEncoding.default, urlParameters: ["source": "app"])
        case .applyCoupon(let code):
            return .requestParameters(parameters: ["code": code], encoding: URLEncoding.httpBody)
        case let .uploadReceipt(orderID, pdf):
            return .requestCompositeData(bodyData: pdf, urlParameters: ["orderID": orderID])
        case .importCatalog(let file):
            return .uploadFile(file)
        case let .attachPhotos(productID, photos):
            let parts = photos.enumerated().map { index, photo in
                MultipartFormBodyPart(provider: .data(photo), name: "photos[]", fileName: "photo\(index).jpg", mimeType: "image/jpeg")
            }
            return .uploadCompositeMultipartFormData(parts, urlParameters: ["productID": productID])
        case .invoice:
            return .downloadDestination(invoiceDestination)
        case let .exportOrders(from, to):
            return .downloadParameters(parameters: ["from": from, "to": to, "format": "csv"], encoding: URLEncoding.queryString, destination: invoiceDestination)
        case .trackEvent(let name):
            return .requestData(Data("event=\(name)".utf8))
        case .logout:
            return .requestParameters(parameters: [:], encoding: URLEncoding.default)
        }
    }

    var sampleData: Data {
        switch self {
        case .featured:
            return Data(#"{"items": [{"id": 1, "name": "Kettle", "price": 39.5}]}"#.utf8)
        case .product(let id):
            return Data("{\"id\": \(id), \"name\": \"Kettle\", \"price\": 39.5}".utf8)
        default:
            return Data("{}".utf8)
        }
    }

    /// Shared by every endpoint; the API gateway rejects requests without a client name.
    var headers: [String: String]? {
        var headers = ["Accept": "application/json", "X-Client": "shopfront-ios/5.2"]
        switch self {
        case .uploadReceipt:
            headers["Content-Type"] = "application/pdf"
        case .trackEvent:
            headers["Content-Type"] = "text/plain"
        default:
            break
        }
        return headers
    }

    private static var snakeCaseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }
}

/// Builds the search query the way the web shop does: filters only when there are some.
private func searchParameters(query: String, page: Int, filters: [String]) -> [String: Any] {
    var parameters: [String: Any] = ["q": query, "page": page, "per_page": 24]
    if !filters.isEmpty {
        parameters["filter"] = filters
    }
    return parameters
}

/// Invoices and exports go to the caches folder, replacing an older copy.
let invoiceDestination: DownloadDestination = { temporaryURL, response in
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Invoices")
    let file = folder.appendingPathComponent(response.suggestedFilename ?? temporaryURL.lastPathComponent)
    return (file, [.removePreviousFile, .createIntermediateDirectories])
}
