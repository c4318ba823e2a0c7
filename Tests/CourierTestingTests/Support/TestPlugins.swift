import Courier
import Foundation

/// A plugin that adds a header in `prepare` and another in `adapt`, like auth plugins do.
struct HeaderPlugin: PluginType {
    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        request.setValue("prepared", forHTTPHeaderField: "X-Prepared")
        return request
    }

    func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")
        return request
    }
}

/// A plugin that retries every failed attempt once, to show stub sequences per attempt.
struct RetryOncePlugin: PluginType {
    func retry(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) async -> RetryDecision {
        if case .failure = result, context.attempt == 1 { return .retry(reason: "once") }
        return .doNotRetry
    }
}
