// swift-format-ignore-file
//
//  ShopNetworking.swift
//  Shopfront
//

import Foundation
import Courier
import CourierPlugins

struct Product: Decodable {
    let id: Int
    let name: String
    let price: Double
}

/// The endpoint every request starts from: the target's URL, plus the headers the gateway wants
/// on every call (language, app build).
let shopEndpointClosure = { (target: ShopAPI) -> Endpoint in
    let url = URL(target: target).absoluteString
    let endpoint = Endpoint(
        url: url,
        sampleResponseClosure: { .networkResponse(200, target.sampleData) },
        method: target.method,
        task: target.task,
        httpHeaderFields: target.headers
    )
    return endpoint.adding(newHTTPHeaderFields: ["Accept-Language": "en-GB", "X-Build": "5210"])
}

/// Uploads get two minutes, everything else twenty seconds.
let shopRequestClosure = { (endpoint: Endpoint, done: @escaping Provider<ShopAPI>.RequestResultClosure) in
    do {
        var request = try endpoint.urlRequest()
        switch endpoint.task {
        case .uploadFile, .uploadMultipartFormData, .uploadCompositeMultipartFormData:
            request.timeoutInterval = 120
        default:
            request.timeoutInterval = 20
        }
        done(.success(request))
    } catch let error as CourierError {
        done(.failure(error))
    } catch {
        done(.failure(CourierError.underlying(error, nil)))
    }
}

enum ShopNetworking {
    static let provider = Provider<ShopAPI>(
        endpointClosure: shopEndpointClosure,
        requestClosure: shopRequestClosure,
        plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: .verbose))]
    )

    static func featured(completion: @escaping @Sendable (Result<[Product], CourierError>) -> Void) {
        provider.request(.featured) { result in
            switch result {
            case .success(let response):
                do {
                    let products = try response.filterSuccessfulStatusCodes().map([Product].self, atKeyPath: "items")
                    completion(.success(products))
                } catch let error as CourierError {
                    completion(.failure(error))
                } catch {
                    completion(.failure(.underlying(error, response)))
                }
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}
