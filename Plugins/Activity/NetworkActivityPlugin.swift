import Courier

/// Reports when requests begin and end, for example to drive an activity indicator.
///
/// ```swift
/// let activity = NetworkActivityPlugin { change, _ in
///     DispatchQueue.main.async { indicator.activeRequests += change == .began ? 1 : -1 }
/// }
/// ```
///
/// `.began` comes from `willSend` and `.ended` from `didReceive`, which the provider calls
/// exactly once per attempt, also when the attempt fails before it is sent or is cancelled. So
/// every `.began` has exactly one `.ended`, and a counter driven by them returns to zero. The
/// closure runs on whatever thread the request runs on.
public struct NetworkActivityPlugin: SynchronousPlugin {
    /// Receives each change with the target it concerns.
    public typealias NetworkActivityClosure =
        (_ change: NetworkActivityChangeType, _ target: any TargetType) -> Void

    private let networkActivityClosure: NetworkActivityClosure

    /// Creates a plugin that reports changes to `networkActivityClosure`.
    public init(networkActivityClosure: @escaping NetworkActivityClosure) {
        self.networkActivityClosure = networkActivityClosure
    }

    /// Reports `.began`.
    public func willSend(_ request: any RequestType, target: any TargetType) {
        networkActivityClosure(.began, target)
    }

    /// Reports `.ended`.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        networkActivityClosure(.ended, target)
    }
}
