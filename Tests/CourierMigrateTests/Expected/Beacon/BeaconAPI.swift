// swift-format-ignore-file
//
//  BeaconAPI.swift
//  Beacon
//

import Foundation
import Courier

enum BeaconAPI {
    case devices
    case ping(deviceID: String)
    case rename(deviceID: String, name: String)
}

extension BeaconAPI: TargetType {
    var baseURL: URL { URL(string: "https://beacon.example.net")! }

    var path: String {
        switch self {
        case .devices: return "/devices"
        case .ping(let id): return "/devices/\(id)/ping"
        case .rename(let id, _): return "/devices/\(id)"
        }
    }

    var method: Courier.HTTPMethod {
        switch self {
        case .devices: return .get
        case .ping: return .post
        case .rename: return .patch
        }
    }

    var task: HTTPTask {
        switch self {
        case .devices, .ping: return .requestPlain
        case let .rename(_, name): return .requestParameters(parameters: ["name": name], encoding: JSONEncoding.default)
        }
    }

    var headers: [String: String]? { ["Accept": "application/json"] }

    var sampleData: Data {
        switch self {
        case .devices: return Data(#"[{"id": "b1", "name": "Kitchen"}]"#.utf8)
        case .ping: return Data(#"{"latency_ms": 12}"#.utf8)
        case .rename(let id, let name): return Data("{\"id\": \"\(id)\", \"name\": \"\(name)\"}".utf8)
        }
    }
}

struct Device: Decodable, Equatable {
    let id: String
    let name: String
}
