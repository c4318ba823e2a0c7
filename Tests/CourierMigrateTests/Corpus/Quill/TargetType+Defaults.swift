// swift-format-ignore-file
//
//  TargetType+Defaults.swift
//  Quill
//
//  Every Quill service shares the host, the JSON headers and empty sample data.
//

import Foundation
import Moya

extension TargetType {
    var baseURL: URL { URL(string: "https://api.quill.example/v2")! }
    var headers: [String: String]? { ["Content-Type": "application/json", "Accept": "application/json"] }
    var sampleData: Data { Data() }
    var validationType: ValidationType { .successCodes }
}

/// Parameters go in the query for GET and DELETE, in a JSON body otherwise.
protocol ParameterizedTarget: TargetType {
    var parameters: [String: Any]? { get }
}

extension ParameterizedTarget {
    var parameterEncoding: ParameterEncoding {
        switch method {
        case .get, .delete: return URLEncoding.default
        default: return JSONEncoding.default
        }
    }

    var task: Task {
        guard let parameters = parameters else { return .requestPlain }
        return .requestParameters(parameters: parameters, encoding: parameterEncoding)
    }
}
