// The app's own plugins, in the shapes apps write them.
import Courier
import Foundation

/// Adds the app's version to every request.
struct AppVersionPlugin: PluginType {
    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.setValue("4.2.0", forHTTPHeaderField: "X-App-Version")
        return request
    }
}

/// Counts requests and logs failures: a class with state, as Moya plugins often are.
final class ActivityPlugin: PluginType {
    private(set) var started = 0
    private(set) var failures: [String] = []

    func willSend(_ request: RequestType, target: TargetType) {
        started += 1
        AppLog.shared.record("→ \(target.path)")
    }

    func didReceive(_ result: Result<Response, CourierError>, target: TargetType) {
        if case .failure(let error) = result {
            failures.append("\(target.path): \(error)")
        }
    }
}

/// Rewrites a 401 into a readable failure, the way apps post-process results.
struct UnauthorizedPlugin: PluginType {
    func process(_ result: Result<Response, CourierError>, target: TargetType) -> Result<Response, CourierError> {
        guard case .success(let response) = result, response.statusCode == 401 else { return result }
        return .failure(.statusCode(response))
    }
}

#if XCODE26
    /// Under Xcode 26's main-actor default, a plugin reads the main actor's session directly.
    struct SessionHeaderPlugin: PluginType {
        func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
            var request = request
            if Session.shared.isSignedIn {
                request.setValue(Session.shared.token, forHTTPHeaderField: "X-Session")
            }
            return request
        }
    }
#endif
