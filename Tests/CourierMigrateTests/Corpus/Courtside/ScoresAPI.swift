// swift-format-ignore-file
//
//  ScoresAPI.swift
//  Courtside
//

import Foundation
import Moya

enum ScoresAPI {
    case live(league: String)
    case game(id: String)
    case follow(teamID: Int)
    case unfollow(teamID: Int)
}

extension ScoresAPI: TargetType {
    var baseURL: URL { URL(string: "https://scores.courtside.example/api/v1")! }

    var path: String {
        switch self {
        case .live(let league): return "/leagues/\(league)/live"
        case .game(let id): return "/games/\(id)"
        case .follow(let teamID), .unfollow(let teamID): return "/me/teams/\(teamID)"
        }
    }

    var method: Moya.Method {
        switch self {
        case .live, .game: return .get
        case .follow: return .put
        case .unfollow: return .delete
        }
    }

    var task: Task { .requestPlain }

    var headers: [String: String]? { ["Accept": "application/json"] }

    var sampleData: Data {
        switch self {
        case .live: return Data(#"[{"id": "g1", "home": "Lakers", "away": "Celtics", "score": "101-99"}]"#.utf8)
        default: return Data("{}".utf8)
        }
    }

    var validationType: ValidationType { .successAndRedirectCodes }
}
