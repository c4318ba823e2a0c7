import Foundation

/// A target that wraps any other target, so one provider can serve several target types.
///
/// ```swift
/// let provider = Provider<MultiTarget>()
/// let user = try await provider.request(MultiTarget(GitHub.userProfile("octocat")))
/// ```
public enum MultiTarget: TargetType {
    /// The wrapped target.
    case target(any TargetType)

    /// Wraps `target`.
    public init(_ target: any TargetType) {
        self = .target(target)
    }

    /// The wrapped target.
    public var target: any TargetType {
        switch self {
        case .target(let target): target
        }
    }

    /// The wrapped target's base URL.
    public var baseURL: URL { target.baseURL }
    /// The wrapped target's path.
    public var path: String { target.path }
    /// Whether the wrapped target's path is percent-encoded already.
    public var pathIsPercentEncoded: Bool { target.pathIsPercentEncoded }
    /// The wrapped target's method.
    public var method: HTTPMethod { target.method }
    /// The wrapped target's task.
    public var task: HTTPTask { target.task }
    /// The wrapped target's headers.
    public var headers: [String: String]? { target.headers }
    /// The wrapped target's sample data.
    public var sampleData: Data { target.sampleData }
    /// The wrapped target's validation.
    public var validationType: ValidationType { target.validationType }
    /// The wrapped target's timeout.
    public var timeoutInterval: TimeInterval? { target.timeoutInterval }
    /// The wrapped target's total limit.
    public var timeoutIntervalForResource: TimeInterval? { target.timeoutIntervalForResource }
    /// The wrapped target's decoder.
    public var decoder: any DataDecoder { target.decoder }
    /// The wrapped target's cache policy.
    public var cachePolicy: CachePolicy? { target.cachePolicy }
    /// The wrapped target's credential headers.
    public var credentialHeaders: Set<String> { target.credentialHeaders }
    /// The wrapped target's WebSocket configuration.
    public var webSocketConfiguration: WebSocketConfiguration? { target.webSocketConfiguration }
}

extension TargetType {
    /// This target with any ``MultiTarget`` wrappers removed, for plugins that look for a
    /// protocol on the real target (such as `AccessTokenAuthorizable`).
    public var unwrappedTarget: any TargetType {
        var current: any TargetType = self
        while let multi = current as? MultiTarget {
            current = multi.target
        }
        return current
    }
}
