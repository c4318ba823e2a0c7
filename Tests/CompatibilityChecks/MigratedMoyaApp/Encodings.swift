import Courier
import Foundation

// Moya: the same two encodings, written against Alamofire's `ParameterEncoding`; the only change
// is `AFError` → `ParameterEncodingError` in front of `.parameterEncodingFailed`.

/// Sends the array under `jsonArray` as the whole JSON body.
struct JSONArrayEncoding: ParameterEncoding {
    static let `default` = JSONArrayEncoding()

    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()
        guard let json = parameters?["jsonArray"] else { return request }
        do {
            let data = try JSONSerialization.data(withJSONObject: json, options: [])
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            request.httpBody = data
        } catch {
            throw ParameterEncodingError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }
        return request
    }
}

/// URL encoding with a signature parameter computed over the sorted keys.
struct SignedURLEncoding: ParameterEncoding {
    let secret: String

    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var parameters = parameters ?? [:]
        let canonical = parameters.keys.sorted().map { "\($0)=\(parameters[$0] ?? "")" }.joined(separator: "&")
        parameters["signature"] = String(canonical.hashValue ^ secret.hashValue)
        var request = try URLEncoding.queryString.encode(urlRequest, with: parameters)
        if request.method == .post {
            request.setValue("signed", forHTTPHeaderField: "X-Signed")
        }
        return request
    }
}
