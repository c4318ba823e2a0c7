// swift-format-ignore-file
//
//  ChatAPI.swift
//  Relay
//

import Foundation
import Courier

enum ChatAPI: TargetType {
    case rooms
    case messages(roomID: String, before: String?)
    case send(roomID: String, text: String)
    case attachment(url: URL)

    var baseURL: URL { URL(string: "https://relay.example.chat/api")! }

    var path: String {
        switch self {
        case .rooms: return "/rooms"
        case .messages(let roomID, _), .send(let roomID, _): return "/rooms/\(roomID)/messages"
        case .attachment: return "/attachments"
        }
    }

    var method: Courier.HTTPMethod {
        if case .send = self { return .post }
        return .get
    }

    var task: HTTPTask {
        switch self {
        case .rooms, .attachment:
            return .requestPlain
        case let .messages(_, before):
            return .requestParameters(parameters: before.map { ["before": $0] } ?? [:], encoding: URLEncoding.default)
        case let .send(_, text):
            return .requestParameters(parameters: ["text": text], encoding: JSONEncoding.default)
        }
    }

    var headers: [String: String]? { nil }
}
