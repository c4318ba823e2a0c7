// swift-format-ignore-file
//
//  JSONArrayEncoding.swift
//  Trailhead
//
//  The sync endpoint takes a bare JSON array, which Alamofire's JSONEncoding cannot produce
//  from a dictionary: the array travels under a reserved key and is unwrapped here.
//

import Alamofire
import Foundation

struct JSONArrayEncoding: ParameterEncoding {
    static let `default` = JSONArrayEncoding()

    static let arrayKey = "jsonArray"

    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()

        guard let array = parameters?[JSONArrayEncoding.arrayKey] else {
            return request
        }

        do {
            let data = try JSONSerialization.data(withJSONObject: array, options: [])
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            request.httpBody = data
        } catch {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }

        return request
    }
}
