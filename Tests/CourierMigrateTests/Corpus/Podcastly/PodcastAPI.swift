// swift-format-ignore-file
//
//  PodcastAPI.swift
//  Podcastly
//

import Foundation
import Moya

enum PodcastAPI {
    case episodes(showID: Int, page: Int)
    case subscribe(showID: Int)
    case playback(episodeID: Int, position: Double, finished: Bool)
}

extension PodcastAPI: TargetType {
    var baseURL: URL { URL(string: "https://feeds.podcastly.example/api/")! }

    var path: String {
        switch self {
        case .episodes(let showID, _): return "shows/\(showID)/episodes"
        case .subscribe(let showID): return "shows/\(showID)/subscription"
        case .playback(let episodeID, _, _): return "episodes/\(episodeID)/playback"
        }
    }

    var method: Moya.Method {
        switch self {
        case .episodes: return .get
        case .subscribe: return .post
        case .playback: return .patch
        }
    }

    var task: Task {
        switch self {
        case let .episodes(_, page):
            return .requestParameters(parameters: ["page": page, "order": "newest"], encoding: URLEncoding.queryString)
        case .subscribe:
            return .requestPlain
        case let .playback(_, position, finished):
            return .requestParameters(parameters: ["position": position, "finished": finished], encoding: JSONEncoding.default)
        }
    }

    var headers: [String: String]? { ["Accept": "application/json", "X-Podcastly-Client": "ios"] }

    var sampleData: Data { Data("{}".utf8) }
}
