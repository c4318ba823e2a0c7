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

/// A plugin class that keeps state and that the app subclasses: plugins need not be `Sendable`.
class CountingPlugin: PluginType {
    private(set) var sent = 0

    // Swift 6.2 with a main-actor default: a subclass's own init() would be main-actor, the one
    // synthesized here nonisolated, and an override may not differ (any class, not only a plugin).
    init() {}

    func willSend(_ request: RequestType, target: TargetType) {
        sent += 1
    }
}

/// Counts only the POSTs.
final class PostCountingPlugin: CountingPlugin {
    override func willSend(_ request: RequestType, target: TargetType) {
        if request.request?.method == .post { super.willSend(request, target: target) }
    }
}

/// Signs the body: the parameters read back from the task, as JSON (a public app's plugin shape).
struct BodySigningPlugin: PluginType {
    let secret: String

    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        if case .requestParameters(let parameters, _) = target.task,
            let body = try? JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys])
        {
            request.httpBody = body
            request.setValue("\(body.count):\(secret)", forHTTPHeaderField: "X-Signature")
        }
        if case .requestCompositeParameters(_, _, let query) = target.task, let signed = query as? [String: String] {
            request.setValue(signed.keys.sorted().joined(separator: ","), forHTTPHeaderField: "X-Signed-Keys")
        }
        return request
    }
}
