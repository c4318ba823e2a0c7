// swift-format-ignore-file
//
//  PantryRepository.swift
//  Pantry
//
//  One provider for both services, through MultiTarget.
//

import Foundation
import Courier
import CourierPlugins

struct Recipe: Decodable, Sendable {
    let slug: String
    let title: String
    let minutes: Int
}

enum PantryError: Error {
    case offline
    case server(Int)
    case unreadable
    case other(String)
}

func pantryError(from error: CourierError) -> PantryError {
    switch error {
    case .statusCode(let response):
        return .server(response.statusCode)
    case .underlying(let underlying as URLError, _) where underlying.code == .notConnectedToInternet:
        return .offline
    case .imageMapping, .jsonMapping, .objectMapping, .stringMapping:
        return .unreadable
    case .encodableMapping(let encodingError):
        return .other(encodingError.localizedDescription)
    case .requestMapping(let url):
        return .other("bad URL \(url)")
    case .parameterEncoding, .underlying:
        return .other(error.localizedDescription)
    }
}

final class PantryRepository: Sendable {
    let provider: Provider<MultiTarget>

    init(provider: Provider<MultiTarget> = Provider<MultiTarget>(plugins: [NetworkLoggerPlugin()])) {
        self.provider = provider
    }

    func recipe(_ slug: String, completion: @escaping @Sendable (Result<Recipe, PantryError>) -> Void) {
        provider.request(MultiTarget(RecipeAPI.recipe(slug: slug))) { result in
            switch result {
            case let .success(response):
                do {
                    let recipe = try response.filterSuccessfulStatusCodes().map(Recipe.self, atKeyPath: "data.recipe")
                    completion(.success(recipe))
                } catch let error as CourierError {
                    completion(.failure(pantryError(from: error)))
                } catch {
                    completion(.failure(.unreadable))
                }
            case let .failure(error):
                completion(.failure(pantryError(from: error)))
            }
        }
    }

    func shoppingList(completion: @escaping @Sendable ([String]) -> Void) {
        provider.request(.target(ShoppingListAPI.list)) { result in
            guard case .success(let response) = result,
                  let json = try? response.filterSuccessfulStatusAndRedirectCodes().mapJSON() as? [String: Any],
                  let items = json["items"] as? [String] else {
                completion([])
                return
            }
            completion(items)
        }
    }

    func addToList(_ item: String, completion: @escaping @Sendable (String?) -> Void) {
        provider.request(MultiTarget(ShoppingListAPI.add(item: item))) { result in
            switch result {
            case .success(let response):
                completion(try? response.filter(statusCode: 201).mapString())
            case .failure(let error):
                if let response = error.response {
                    completion(try? response.mapString(atKeyPath: "message"))
                } else {
                    completion(error.errorDescription)
                }
            }
        }
    }
}
