// A service layer that isolates nothing: it forwards its callers' completions, as most Moya apps'
// repositories do, and wraps them for async callers.
import Courier
import Foundation

final class ProductService {
    private let provider: Provider<Shop>

    init(provider: Provider<Shop>) {
        self.provider = provider
    }

    func create(_ product: NewProduct, completion: @escaping (Result<Product, Error>) -> Void) {
        provider.request(.create(product)) { result in
            switch result {
            case .success(let response):
                do {
                    completion(.success(try response.map(Product.self)))
                } catch {
                    completion(.failure(error))
                }
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    func update(id: Int, name: String, completion: @escaping (Bool) -> Void) {
        provider.request(.update(id: id, fields: ["name": name, "tags": ["new", "sale"]])) { result in
            completion((try? result.get().filterSuccessfulStatusCodes()) != nil)
        }
    }

    func delete(id: Int, on queue: DispatchQueue, completion: @escaping (Error?) -> Void) {
        provider.request(.delete(id: id), callbackQueue: queue) { result in
            if case .failure(let error) = result {
                completion(error)
            } else {
                completion(nil)
            }
        }
    }

    /// The async wrapper apps wrote around Moya.
    func product(id: Int) async throws -> Product {
        try await withCheckedThrowingContinuation { continuation in
            provider.request(.product(id: id)) { result in
                continuation.resume(
                    with: result.flatMap { response in
                        Result { try response.map(Product.self) }.mapError { .objectMapping($0, response) }
                    })
            }
        }
    }
}
