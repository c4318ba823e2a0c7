// swift-format-ignore-file
//
//  FormEncoding.swift
//  Trailhead
//
//  The legacy trail-report endpoint wants `key=value` lines, sorted, one per line.
//

import Foundation
import Courier

struct LineFormEncoding: ParameterEncoding {
    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()
        guard let parameters = parameters, !parameters.isEmpty else { return request }
        let lines = parameters.keys.sorted().map { key in "\(key)=\(parameters[key].map { "\($0)" } ?? "")" }
        request.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = lines.joined(separator: "\n").data(using: .utf8)
        return request
    }
}
