// swift-format-ignore-file
//
//  HarborAPI+TargetType.swift
//  Harbor
//
//  Sample data comes from JSON files in the app bundle (Stubs/*.json), shared with the
//  Android team.
//

import Foundation
import Moya

extension HarborAPI: TargetType {
    var baseURL: URL { URL(string: "https://api.harbor.example/v1")! }

    var headers: [String: String]? {
        switch self {
        case .updateAvatar, .attachFiles:
            return ["Accept": "application/json"]
        default:
            return ["Content-Type": "application/json", "Accept": "application/json"]
        }
    }

    var sampleData: Data {
        switch self {
        case .profile: return stubbedResponse("profile")
        case .posts, .search: return stubbedResponse("posts")
        default: return Data()
        }
    }

    var validationType: ValidationType {
        .customCodes(Array(200..<300) + [304])
    }
}

extension HarborAPI: AccessTokenAuthorizable {
    var authorizationType: AuthorizationType? {
        switch self {
        case .posts, .search: return nil
        default: return .bearer
        }
    }
}

/// Reads `<name>.json` from the app bundle; an empty body when the file is missing.
func stubbedResponse(_ name: String) -> Data {
    guard let url = Bundle.main.url(forResource: name, withExtension: "json"),
          let data = try? Data(contentsOf: url) else {
        return Data()
    }
    return data
}
