// swift-format-ignore-file
//
//  TrailAPI.swift
//  Trailhead
//

import Alamofire
import Foundation
import Moya

struct Waypoint {
    let latitude: Double
    let longitude: Double
    let elevation: Int

    var parameters: [String: Any] {
        ["lat": latitude, "lon": longitude, "ele": elevation]
    }
}

enum TrailAPI {
    case trails(region: String, difficulty: Int?)
    case syncWaypoints(trailID: Int, waypoints: [Waypoint])
    case report(trailID: Int, condition: String, blocked: Bool)
    case favourite(trailID: Int)
}

extension TrailAPI: TargetType {
    var baseURL: URL { URL(string: "https://trailhead.example.org/api")! }

    var path: String {
        switch self {
        case .trails: return "trails"
        case .syncWaypoints(let trailID, _): return "trails/\(trailID)/waypoints"
        case .report(let trailID, _, _): return "trails/\(trailID)/reports"
        case .favourite(let trailID): return "me/favourites/\(trailID)"
        }
    }

    var method: Moya.Method {
        switch self {
        case .trails: return .get
        case .syncWaypoints, .report: return .post
        case .favourite: return .put
        }
    }

    var task: Task {
        switch self {
        case let .trails(region, difficulty):
            var parameters: [String: Any] = ["region": region]
            if let difficulty = difficulty {
                parameters["difficulty"] = difficulty
            }
            return .requestParameters(parameters: parameters, encoding: URLEncoding(destination: .queryString, arrayEncoding: .noBrackets, boolEncoding: .literal))
        case let .syncWaypoints(_, waypoints):
            let payload: Parameters = [JSONArrayEncoding.arrayKey: waypoints.map { $0.parameters }]
            return .requestParameters(parameters: payload, encoding: JSONArrayEncoding.default)
        case let .report(_, condition, blocked):
            return .requestParameters(parameters: ["condition": condition, "blocked": blocked], encoding: LineFormEncoding())
        case .favourite:
            return .requestPlain
        }
    }

    var headers: [String: String]? {
        ["Accept": "application/json"]
    }

    var sampleData: Data { Data("[]".utf8) }

    var validationType: ValidationType { .successCodes }
}

let trailProvider = MoyaProvider<TrailAPI>()
