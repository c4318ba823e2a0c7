import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A step in the provider's request pipeline: logging, auth headers, activity indicators, retry.
///
/// Every method has a default that does nothing, so a plugin implements only what it needs.
/// The provider calls them in this order, for stubbed requests exactly as for real ones:
///
/// 1. ``prepare(_:target:)`` on each plugin in array order (synchronous edits);
/// 2. ``adapt(_:target:)`` on each plugin in array order (asynchronous edits, may throw);
/// 3. ``willSend(_:target:)``, then the request is sent or stubbed and validated;
/// 4. ``didReceive(_:target:)``, then ``process(_:target:)`` in array order;
/// 5. ``retry(_:target:context:)``: the first plugin that asks for a retry starts the next attempt
///    at step 1.
///
/// `willSend` and `didReceive` are called exactly once per attempt, also when the request fails
/// before it is sent or is cancelled, so a plugin can pair them. ``RequestContext/current`` tells
/// them which request and attempt they are looking at.
public protocol PluginType: Sendable {
    /// Edits the request before it is sent. Runs again for each retry, on the request as the
    /// provider's `requestClosure` made it, so a header should be *set*, not appended.
    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest

    /// Edits the request asynchronously before it is sent, e.g. with a token that may need
    /// fetching. Throwing fails the request: a `CourierError` as it is, any other error wrapped
    /// in ``CourierError/underlying(_:_:)``.
    func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest

    /// Called just before the request is sent or stubbed.
    func willSend(_ request: any RequestType, target: any TargetType)

    /// Called when an attempt has an outcome, before ``process(_:target:)``.
    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType)

    /// Transforms the outcome before the caller sees it.
    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError>

    /// Decides whether a finished attempt is tried again.
    func retry(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) async -> RetryDecision
}

extension PluginType {
    /// Returns `request` unchanged.
    public func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest { request }

    /// Returns `request` unchanged.
    public func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest { request }

    /// Does nothing.
    public func willSend(_ request: any RequestType, target: any TargetType) {}

    /// Does nothing.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {}

    /// Returns `result` unchanged.
    public func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<
        Response, CourierError
    > { result }

    /// Never retries.
    public func retry(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) async -> RetryDecision { .doNotRetry }
}
