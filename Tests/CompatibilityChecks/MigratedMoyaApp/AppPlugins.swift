import Courier
import Foundation

// Moya: plugins written against `PluginType`, `Moya.Response` and `MoyaError`.

/// Adds the app's headers, and a request id to every POST.
struct AppHeadersPlugin: PluginType {
    let appVersion: String

    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.setValue(appVersion, forHTTPHeaderField: "X-App-Version")
        if request.method == .post {
            request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
        }
        return request
    }

    func didReceive(_ result: Result<Response, CourierError>, target: TargetType) {
        if case .failure(let error) = result, case .statusCode(let response) = error, response.statusCode == 401 {
            NotificationCenter.default.post(name: Notification.Name("SignedOut"), object: nil)
        }
    }
}

/// Rewrites a 200 whose body says `"error"` into a failure.
struct EnvelopeErrorPlugin: PluginType {
    func process(_ result: Result<Response, CourierError>, target: TargetType) -> Result<Response, CourierError> {
        guard case .success(let response) = result, let json = try? response.mapJSON() as? [String: Any],
            json["error"] != nil
        else { return result }
        return .failure(.statusCode(response))
    }
}
