// swift-format-ignore-file
//
//  NetworkManager.swift
//  Harbor
//
//  One manager per API: screens get decoded values or a NetworkError, never a Moya type.
//

import Foundation
import Courier
import CourierPlugins

enum NetworkError: Error {
    case server(statusCode: Int, message: String?)
    case decoding(Error)
    case offline
    case cancelled
    case other(Error)
}

final class NetworkManager<T: TargetType> {
    private let provider: Provider<T>
    private let decoder: JSONDecoder

    init(stubbed: Bool = false) {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        self.decoder = decoder

        let plugins: [PluginType] = [
            AccessTokenPlugin { _ in UserDefaults.standard.string(forKey: "harbor.accessToken") ?? "" },
            NetworkLoggerPlugin(configuration: .init(logOptions: .verbose)),
        ]
        if stubbed {
            provider = Provider<T>(stubClosure: Provider.delayedStub(0.5), plugins: plugins)
        } else {
            provider = Provider<T>(
                endpointClosure: { target in
                    let endpoint = Provider<T>.defaultEndpointMapping(for: target)
                    return endpoint.adding(newHTTPHeaderFields: ["X-App-Version": "3.4.1", "X-Platform": "iOS"])
                },
                requestClosure: { endpoint, done in
                    do {
                        var request = try endpoint.urlRequest()
                        request.timeoutInterval = 30
                        request.cachePolicy = .reloadIgnoringLocalCacheData
                        done(.success(request))
                    } catch CourierError.requestMapping(let url) {
                        done(.failure(CourierError.requestMapping(url)))
                    } catch CourierError.parameterEncoding(let error) {
                        done(.failure(CourierError.parameterEncoding(error)))
                    } catch {
                        done(.failure(CourierError.underlying(error, nil)))
                    }
                },
                plugins: plugins
            )
        }
    }

    @discardableResult
    func request<U: Decodable>(_ target: T, as type: U.Type, atKeyPath keyPath: String? = "data",
                               completion: @escaping (Result<U, NetworkError>) -> Void) -> Cancellable {
        let decoder = self.decoder
        return provider.request(target) { result in
            switch result {
            case let .success(response):
                do {
                    let filtered = try response.filterSuccessfulStatusCodes()
                    let value = try filtered.map(U.self, atKeyPath: keyPath, using: decoder, failsOnEmptyData: false)
                    completion(.success(value))
                } catch let error as CourierError {
                    completion(.failure(NetworkManager.networkError(from: error)))
                } catch {
                    completion(.failure(.other(error)))
                }
            case let .failure(error):
                completion(.failure(NetworkManager.networkError(from: error)))
            }
        }
    }

    func send(_ target: T, completion: @escaping (Bool) -> Void) {
        provider.request(target, callbackQueue: DispatchQueue.global(qos: .utility)) { result in
            if case .success(let response) = result, let json = try? response.mapJSON(failsOnEmptyData: false) {
                completion(!(json is NSNull) || response.statusCode == 204)
            } else {
                completion(false)
            }
        }
    }

    static func networkError(from error: CourierError) -> NetworkError {
        switch error {
        case .statusCode(let response):
            let message = try? response.mapString(atKeyPath: "error.message")
            return .server(statusCode: response.statusCode, message: message)
        case .objectMapping(let decodingError, _):
            return .decoding(decodingError)
        case .underlying(let underlying, let response):
            if let urlError = underlying as? URLError {
                switch urlError.code {
                case .notConnectedToInternet, .networkConnectionLost: return .offline
                case .cancelled: return .cancelled
                default: break
                }
            }
            if let response = response {
                return .server(statusCode: response.statusCode, message: nil)
            }
            return .other(underlying)
        default:
            return .other(error)
        }
    }
}
