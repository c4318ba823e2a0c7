import Courier
import Foundation

struct Product: Decodable, Sendable {
    let id: Int
    let name: String
}

// Moya: call sites of the completion-handler API and response mapping, unchanged, in main-actor
// code (a view model's loader), where the shared wrapper lives.
@MainActor
enum ProductsLoader {
    static func load(page: Int, completion: @escaping ([Product]) -> Void) {
        ProviderFactory.online.request(.products(page: page, tags: ["new"])) { result in
            switch result {
            case .success(let response):
                let products = (try? response.filterSuccessfulStatusCodes().map([Product].self, atKeyPath: "products"))
                completion(products ?? [])
            case .failure(let error):
                if case .underlying(let underlying, _) = error, (underlying as NSError).code == NSURLErrorCancelled {
                    return
                }
                completion([])
            }
        }
    }

    static func loadAsync() async throws -> [Product] {
        try await ProviderFactory.keyed.request(.products(page: 1, tags: []), as: [Product].self)
    }

    static func multi() {
        ProviderFactory.multi.request(MultiTarget(ShopAPI.touch(id: 1))) { _ in }
    }

    /// Moya tests read a task's parameters back.
    static func page(of target: ShopAPI) -> Int? {
        if case .requestParameters(let parameters, _) = target.task {
            return parameters["page"] as? Int
        }
        return nil
    }
}
