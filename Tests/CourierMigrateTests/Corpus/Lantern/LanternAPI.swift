// swift-format-ignore-file
//
//  LanternAPI.swift
//  Lantern
//

import Foundation
import Moya

enum LanternAPI: TargetType {
    case feed(cursor: String?)
    case like(storyID: String)
    case comment(storyID: String, text: String)
    case report(storyID: String, reasons: [String], details: [String: Any])
    case refreshToken(token: String)

    var baseURL: URL {
        #if DEBUG
        return URL(string: "https://staging.lantern.example/api")!
        #else
        return URL(string: "https://lantern.example/api")!
        #endif
    }

    var path: String {
        switch self {
        case .feed: return "/feed"
        case .like(let id): return "/stories/\(id)/like"
        case .comment(let id, _): return "/stories/\(id)/comments"
        case .report(let id, _, _): return "/stories/\(id)/reports"
        case .refreshToken: return "/oauth/token"
        }
    }

    var method: Moya.Method {
        switch self {
        case .feed: return .get
        case .like: return .put
        default: return .post
        }
    }

    var task: Moya.Task {
        switch self {
        case .feed(let cursor):
            guard let cursor = cursor else { return .requestPlain }
            return .requestParameters(parameters: ["cursor": cursor], encoding: URLEncoding.default)
        case .like:
            return .requestPlain
        case let .comment(_, text):
            return .requestJSONEncodable(NewComment(text: text, sentAt: "2024-05-01T10:00:00Z"))
        case let .report(_, reasons, details):
            return .requestCompositeParameters(bodyParameters: ["reasons": reasons, "details": details],
                                               bodyEncoding: URLEncoding.httpBody,
                                               urlParameters: ["source": "feed", "v": 2])
        case .refreshToken(let token):
            return .requestParameters(parameters: ["grant_type": "refresh_token", "refresh_token": token],
                                      encoding: URLEncoding(destination: .httpBody))
        }
    }

    var headers: [String: String]? {
        ["Accept": "application/json", "X-Lantern-Client": "ios; build=\("812")"]
    }

    var sampleData: Data {
        switch self {
        case .feed: return #"{"stories": [], "next": null}"#.data(using: .utf8)!
        default: return "{}".data(using: .utf8)!
        }
    }
}

struct NewComment: Encodable {
    let text: String
    let sentAt: String
}
