// swift-format-ignore-file
//
//  RecipeAPI.swift
//  Pantry
//

import Foundation
import Moya

enum RecipeAPI: TargetType {
    case recipe(slug: String)
    case search(ingredients: [String], vegetarian: Bool)
    case rate(slug: String, stars: Int)

    var baseURL: URL { return URL(string: "https://recipes.pantry.example")! }

    var path: String {
        switch self {
        case .recipe(let slug): return "/recipes/\(slug)"
        case .search: return "/recipes"
        case .rate(let slug, _): return "/recipes/\(slug)/rating"
        }
    }

    var method: Moya.Method {
        if case .rate = self { return .post }
        return .get
    }

    var task: Moya.Task {
        switch self {
        case .recipe:
            return .requestPlain
        case let .search(ingredients, vegetarian):
            return .requestParameters(parameters: ["ingredient": ingredients, "vegetarian": vegetarian], encoding: URLEncoding.queryString)
        case let .rate(_, stars):
            return .requestJSONEncodable(["stars": stars])
        }
    }

    var headers: [String: String]? { nil }

    var sampleData: Data {
        Data(#"{"data": {"recipe": {"slug": "soup", "title": "Leek soup", "minutes": 40}}}"#.utf8)
    }
}

enum ShoppingListAPI: TargetType {
    case list
    case add(item: String)

    var baseURL: URL { URL(string: "https://lists.pantry.example/api")! }
    var path: String { self == .list ? "/list" : "/list/items" }
    var method: Moya.Method { self == .list ? .get : .post }
    var task: Task {
        switch self {
        case .list: return .requestPlain
        case .add(let item): return .requestParameters(parameters: ["item": item], encoding: URLEncoding.httpBody)
        }
    }
    var headers: [String: String]? { ["X-List-Version": "3"] }
}

extension ShoppingListAPI: Equatable {}
